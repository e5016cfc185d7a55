import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, language = 'es') =>
  t.app.inject({ method: 'GET', url, headers: { 'x-localization': language } });

describe('geography', () => {
  it('lists the countries with Chile first, named in the request language', async () => {
    const es = (await get('/api/countries')).json().data;
    expect(es[0]).toEqual({ id: 152, name: 'Chile', iso_code: 'CL' });
    expect(es).toContainEqual({ id: 76, name: 'Brasil', iso_code: 'BR' });
    const en = (await get('/api/countries', 'en')).json().data;
    expect(en).toContainEqual({ id: 76, name: 'Brazil', iso_code: 'BR' });
  });

  it("lists Chile's 16 regions north to south with 19 % VAT", async () => {
    const response = await get('/api/states');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age');
    const states = response.json().data;
    expect(states).toHaveLength(16);
    expect(states[0]).toEqual({
      id: 15,
      name: 'Región de Arica y Parinacota',
      code: '15',
      vat_percentage: 19,
      country_id: 152,
    });
    expect(states.at(-1).id).toBe(12);
    expect(states.map((s: { id: number }) => s.id).slice(5, 8)).toEqual([5, 13, 6]);
  });

  it('reads a region, its provinces, a province and its communes alphabetically', async () => {
    expect((await get('/api/states/13')).json().data).toMatchObject({ id: 13, code: '13' });
    const provinces = (await get('/api/states/13/cities')).json().data;
    expect(provinces).toHaveLength(6);
    expect(provinces[0]).toEqual({ id: 131, name: 'Santiago', code: '131', state_id: 13 });
    expect((await get('/api/cities/131')).json().data).toEqual(provinces[0]);

    const communes = (await get('/api/cities/131/towns')).json().data;
    expect(communes).toHaveLength(32);
    const names = communes.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    // Spanish order: Ñ right after N (a code-point sort would put Ñuñoa after Vitacura).
    expect(names.indexOf('Ñuñoa')).toBeLessThan(names.indexOf('Pedro Aguirre Cerda'));
    expect(communes).toContainEqual({
      id: 13123,
      name: 'Providencia',
      code: '13123',
      city_id: 131,
    });

    const total = await Promise.all(
      (await get('/api/states')).json().data.map(async (state: { id: number }) => {
        const cities = (await get(`/api/states/${state.id}/cities`)).json().data;
        const towns = await Promise.all(
          cities.map(
            async (city: { id: number }) =>
              (await get(`/api/cities/${city.id}/towns`)).json().data.length,
          ),
        );
        return { cities: cities.length, towns: towns.reduce((a: number, b: number) => a + b, 0) };
      }),
    );
    expect(total.reduce((sum, s) => sum + s.cities, 0)).toBe(56);
    expect(total.reduce((sum, s) => sum + s.towns, 0)).toBe(346);
  });

  it('reads a commune with its province and region', async () => {
    const response = await get('/api/towns/13123');
    expect(response.json().data).toEqual({
      id: 13123,
      name: 'Providencia',
      code: '13123',
      city: { id: 131, name: 'Santiago', code: '131', state_id: 13 },
      state: {
        id: 13,
        name: 'Región Metropolitana de Santiago',
        code: '13',
        vat_percentage: 19,
        country_id: 152,
      },
    });
  });

  it('answers 404 for unknown ids, in the request language', async () => {
    for (const url of [
      '/api/states/99',
      '/api/states/99/cities',
      '/api/cities/9999',
      '/api/cities/9999/towns',
      '/api/towns/99999',
    ]) {
      const response = await get(url, 'en');
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
  });
});
