import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createAddress, createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signedIn(language?: string) {
  const user = await createStudent(t.db);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const addressRows = (userId: number) =>
  t.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);
const currentAddressId = async (userId: number) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.addressId;

const ADDRESS = {
  address_line_1: 'Av. Alemania 0671',
  address_line_2: 'Casa 3',
  town_id: 9101, // Temuco
  zip_code: '4780000',
};

describe('POST /api/addresses', () => {
  it("creates the user's address and links it; a second call updates it", async () => {
    const { user, client } = await signedIn();
    const created = await client.post('/api/addresses', ADDRESS);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json()).toEqual({
      data: {
        id,
        address_line_1: 'Av. Alemania 0671',
        address_line_2: 'Casa 3',
        zip_code: '4780000',
        town_id: 9101,
        town: { id: 9101, name: 'Temuco' },
        city: { id: 91, name: 'Cautín' },
        state: { id: 9, name: 'Región de La Araucanía' },
      },
    });
    expect(await currentAddressId(user.id)).toBe(id);
    expect((await client.get('/api/me')).json().data.address.id).toBe(id);

    const updated = await client.post('/api/addresses', {
      ...ADDRESS,
      address_line_2: null,
      town_id: 13123,
      zip_code: '7500000',
    });
    expect(updated.statusCode).toBe(201);
    expect(updated.json().data).toMatchObject({
      id,
      address_line_2: null,
      town: { name: 'Providencia' },
    });
    expect(await addressRows(user.id)).toHaveLength(1);
  });

  const cases: Array<[string, Record<string, unknown>, { en: string; es: string }]> = [
    [
      'address_line_1',
      { address_line_1: '   ' },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'address_line_1',
      { address_line_1: 'x'.repeat(121) },
      { en: 'Must have at most 120 characters.', es: 'Debe tener como máximo 120 caracteres.' },
    ],
    [
      'zip_code',
      { zip_code: '' },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'zip_code',
      { zip_code: '750000' },
      { en: 'The postal code has 7 digits.', es: 'El código postal tiene 7 dígitos.' },
    ],
    [
      'zip_code',
      { zip_code: '75OOOOO' },
      { en: 'The postal code has 7 digits.', es: 'El código postal tiene 7 dígitos.' },
    ],
    [
      'town_id',
      { town_id: undefined },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'town_id',
      { town_id: '' },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'town_id',
      { town_id: 'Temuco' },
      { en: 'This value is not valid.', es: 'Este valor no es válido.' },
    ],
    [
      'town_id',
      { town_id: 99999 },
      { en: 'Choose a commune from the list.', es: 'Elige una comuna de la lista.' },
    ],
  ];
  for (const [field, bad, messages] of cases) {
    for (const language of ['en', 'es'] as const) {
      it(`refuses a bad ${field} (${JSON.stringify(bad)}) with 422 in ${language}, writing nothing`, async () => {
        const { user, client } = await signedIn(language);
        const response = await client.post('/api/addresses', { ...ADDRESS, ...bad });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toEqual([messages[language]]);
        expect(await addressRows(user.id)).toEqual([]);
        expect(await currentAddressId(user.id)).toBeNull();
      });
    }
  }

  it('needs a session', async () => {
    expect((await new TestClient(t.app).post('/api/addresses', ADDRESS)).statusCode).toBe(401);
  });
});

describe('POST /api/addresses/{id}', () => {
  it('updates every field (the address section)', async () => {
    const { user, client } = await signedIn();
    const address = await createAddress(t.db, user.id);
    const response = await client.post(`/api/addresses/${address.id}`, ADDRESS);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: address.id,
      ...ADDRESS,
      town: { name: 'Temuco' },
    });
  });

  it('updates only the commune when given town_id alone (the location section)', async () => {
    const { user, client } = await signedIn();
    const address = await createAddress(t.db, user.id);
    const response = await client.post(`/api/addresses/${address.id}`, { town_id: 8101 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      address_line_1: 'Av. Providencia 1234',
      address_line_2: 'Depto. 56',
      zip_code: '7500000',
      town: { id: 8101, name: 'Concepción' },
      city: { id: 81, name: 'Concepción' },
      state: { id: 8, name: 'Región del Biobío' },
    });
  });

  it('reports a bad field of the address section instead of saving the commune alone', async () => {
    const { user, client } = await signedIn('en');
    const address = await createAddress(t.db, user.id);
    const response = await client.post(`/api/addresses/${address.id}`, {
      ...ADDRESS,
      zip_code: '12',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ zip_code: ['The postal code has 7 digits.'] });
    expect(await addressRows(user.id)).toEqual([address]);
  });

  it('refuses an unknown commune in the location section, changing nothing', async () => {
    const { user, client } = await signedIn('es');
    const address = await createAddress(t.db, user.id);
    const response = await client.post(`/api/addresses/${address.id}`, { town_id: 424242 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ town_id: ['Elige una comuna de la lista.'] });
    expect(await addressRows(user.id)).toEqual([address]);
  });

  it("answers 404 for another user's address and changes nothing", async () => {
    const owner = await createStudent(t.db);
    const address = await createAddress(t.db, owner.id);
    const { client } = await signedIn();
    const response = await client.post(`/api/addresses/${address.id}`, ADDRESS);
    expect(response.statusCode).toBe(404);
    expect(await addressRows(owner.id)).toEqual([address]);
  });
});
