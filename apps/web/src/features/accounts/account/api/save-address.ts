import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressResponse } from '@ensaya/core/contracts/account-responses';
import type { AddressRequest, AddressTownRequest } from '@ensaya/core/contracts/accounts';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { meQueryKey, type ProfileAddress } from '../../../../lib/session.ts';

export type AddressBody = z.input<typeof AddressRequest>;
export type AddressTownBody = z.input<typeof AddressTownRequest>;

/**
 * The address and location sections: `POST api/addresses` creates the student's first address,
 * `POST api/addresses/{id}` changes it (the whole address, or only `town_id`).
 */
export async function saveAddress(input: {
  addressId: number | undefined;
  body: AddressBody | AddressTownBody;
}): Promise<ProfileAddress> {
  const path =
    input.addressId === undefined ? '/api/addresses' : `/api/addresses/${input.addressId}`;
  return (await api.post<AddressResponse>(path, input.body)).data;
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    // The profile carries the address with its place names: read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
