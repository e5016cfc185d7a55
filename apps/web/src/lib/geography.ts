import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City, Country, State, Town } from '@ensaya/core/contracts/geography';
import { api } from './api-client.ts';

/**
 * The public geography reads (spec 000, section 7): countries for the registration form, and
 * Chile's regions, provinces and communes for the account's location. Several features read them,
 * so they live here, like the session. They change only with a data release: cached for the visit.
 */
/** The contract's names: a region is a `State`, a province a `City`, a commune a `Town`. */
export type { Country };
export type Region = State;
export type Province = City;
export type Commune = Town;

/**
 * Chile (ISO 3166 numeric), whose tax id is the Rut. Core names it `CHILE_COUNTRY_ID` in
 * `contracts/accounts.ts`, but that module loads Zod, which the pages do not otherwise need.
 */
export const CHILE_COUNTRY_ID = 152;

const FOREVER = Number.POSITIVE_INFINITY;

async function list<T>(path: string): Promise<T[]> {
  return (await api.get<{ data: T[] }>(path)).data;
}

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['geography', 'countries'],
    queryFn: () => list<Country>('/api/countries'),
    staleTime: FOREVER,
  });

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['geography', 'states'],
    queryFn: () => list<Region>('/api/states'),
    staleTime: FOREVER,
  });

export const provincesQueryOptions = (regionId: number | undefined) =>
  queryOptions({
    queryKey: ['geography', 'states', regionId, 'cities'],
    queryFn: () => list<Province>(`/api/states/${regionId}/cities`),
    enabled: regionId !== undefined,
    staleTime: FOREVER,
  });

export const communesQueryOptions = (provinceId: number | undefined) =>
  queryOptions({
    queryKey: ['geography', 'cities', provinceId, 'towns'],
    queryFn: () => list<Commune>(`/api/cities/${provinceId}/towns`),
    enabled: provinceId !== undefined,
    staleTime: FOREVER,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
export const useRegions = () => useQuery(regionsQueryOptions());
export const useProvinces = (regionId: number | undefined) =>
  useQuery(provincesQueryOptions(regionId));
export const useCommunes = (provinceId: number | undefined) =>
  useQuery(communesQueryOptions(provinceId));
