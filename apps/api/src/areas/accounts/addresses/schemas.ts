import { z } from 'zod';
import { AddressRequest, AddressTownRequest } from '@ensaya/core/contracts/accounts';

const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'zip_code'];

/**
 * `POST api/addresses/{id}` takes the address section (an AddressRequest) or the location section
 * (an AddressTownRequest, `town_id` only). A body with any address field is read as the former, so
 * a bad postal code is reported rather than silently dropped by the town-only form.
 */
export const UpdateAddressRequest = z
  .record(z.string(), z.unknown())
  .transform((body, context): AddressRequest | AddressTownRequest => {
    const isAddressSection = ADDRESS_FIELDS.some((field) => field in body);
    const result = (isAddressSection ? AddressRequest : AddressTownRequest).safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) context.addIssue({ ...issue } as never);
    return z.NEVER;
  })
  .meta({
    description:
      'An address (address_line_1, address_line_2, town_id, zip_code) or town_id alone (the location section).',
  });
