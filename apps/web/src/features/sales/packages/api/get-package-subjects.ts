import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageSubjectsResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type PackageSubject = z.infer<typeof PackageSubjectsResponse>['data'][number];

/** `GET api/packages/{id}/subjects`: the subjects a package offers. */
export async function getPackageSubjects(packageId: number): Promise<PackageSubject[]> {
  return (
    await api.get<z.infer<typeof PackageSubjectsResponse>>(`/api/packages/${packageId}/subjects`)
  ).data;
}

export const packageSubjectsQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: ['packages', packageId, 'subjects'],
    queryFn: () => getPackageSubjects(packageId),
    staleTime: 5 * 60 * 1000,
  });

export function usePackageSubjects(packageId: number) {
  return useQuery(packageSubjectsQueryOptions(packageId));
}
