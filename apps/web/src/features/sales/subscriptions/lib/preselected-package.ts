import type { PublicPackage } from '@ensaya/core/contracts/subscriptions';

/** The package an address or the storage names, if it is one for sale (else none: choose). */
export function preselectedPackage<Pack extends Pick<PublicPackage, 'id'>>(
  packages: readonly Pack[],
  id: string | null,
): Pack | undefined {
  if (id === null || !/^\d+$/.test(id)) return undefined;
  return packages.find((pack) => pack.id === Number(id));
}
