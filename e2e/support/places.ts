import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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
 * Picks an option of an Ant Design select, typing to filter it first. Tried again until the select
 * shows it: the list of a cascade may still be loading when it opens.
 */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  const combobox = scope.getByRole('combobox', { name: label });
  const select = combobox.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  await expect(async () => {
    await combobox.click();
    await combobox.fill(option);
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 3_000 });
    await expect(select.locator('.ant-select-content')).toHaveText(option, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
}
