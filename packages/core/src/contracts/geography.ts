import { z } from 'zod';

// Responses of the geography API: countries for the registration select, and Chile's regions
// (states), provinces (cities) and communes (towns), keyed by their CUT codes.

export const Country = z.object({ id: z.number().int(), name: z.string(), iso_code: z.string() });
export type Country = z.infer<typeof Country>;

export const State = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  vat_percentage: z.number(),
  country_id: z.number().int(),
});
export type State = z.infer<typeof State>;

export const City = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  state_id: z.number().int(),
});
export type City = z.infer<typeof City>;

export const Town = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  city_id: z.number().int(),
});
export type Town = z.infer<typeof Town>;

/** `GET api/towns/{id}`: a commune with its province and region. */
export const TownDetail = Town.omit({ city_id: true }).extend({ city: City, state: State });
export type TownDetail = z.infer<typeof TownDetail>;

export const CountryListResponse = z.object({ data: z.array(Country) });
export const StateListResponse = z.object({ data: z.array(State) });
export const StateResponse = z.object({ data: State });
export const CityListResponse = z.object({ data: z.array(City) });
export const CityResponse = z.object({ data: City });
export const TownListResponse = z.object({ data: z.array(Town) });
export const TownResponse = z.object({ data: TownDetail });
