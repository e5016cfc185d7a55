import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageListResponse, PublicPackage } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type Package = PublicPackage;

export const packagesQueryKey = ['packages'] as const;

/** `GET api/packages`: the packages for sale (the price table and the wizard's package step). */
export async function getPackages(): Promise<Package[]> {
  return (await api.get<z.infer<typeof PackageListResponse>>('/api/packages')).data;
}

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: packagesQueryKey, queryFn: getPackages, staleTime: 5 * 60 * 1000 });

export function usePackages() {
  return useQuery(packagesQueryOptions());
}
