import { expect, type APIRequestContext, type Locator } from '@playwright/test';

export interface Place {
  id: number;
  name: string;
  code: string;
}

async function list<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T[] }).data;
}

/** A province of the Metropolitan region and one of Valparaíso, with their communes, as the API lists them. */
export async function somePlaces(request: APIRequestContext) {
  const regions = await list<Place>(request, '/api/states');
  const pick = async (regionCode: string) => {
    const region = regions.find((r) => r.code === regionCode)!;
    const provinces = await list<Place>(request, `/api/states/${region.id}/cities`);
    const communes = await list<Place>(request, `/api/cities/${provinces[0]!.id}/towns`);
    return { region, province: provinces[0]!, communes };
  };
  return { metropolitana: await pick('13'), valparaiso: await pick('05') };
}

/**
 * Picks an option of a region, province or commune select (native selects) by its text, once the
 * select lists it: the list of a cascade may still be loading when the select is reached.
 */
export async function choose(scope: Locator, label: string, option: string) {
  const select = scope.getByRole('combobox', { name: label });
  await expect(select).toBeEnabled({ timeout: 20_000 });
  await expect(select.getByRole('option', { name: option, exact: true })).toBeAttached({
    timeout: 20_000,
  });
  await select.selectOption({ label: option });
  await expect(select.locator('option:checked')).toHaveText(option);
}
