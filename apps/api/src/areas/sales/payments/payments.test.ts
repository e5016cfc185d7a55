import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  gatewayCallbacks,
  invoices,
  mailOutbox,
  paymentMethods,
  userSubscriptions,
} from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app.ts';
import {
  approveCard,
  createPackage,
  createSubscription,
  declineCard,
  payWithCard,
  signedInStudent,
} from '../../../test/subscription-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ sandboxGatewaySecret: 's'.repeat(32) });
});
afterAll(() => t?.close());

const subscriptionRow = async (id: number) =>
  (await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)))[0]!;
const chargesOf = (userId: number) => t.db.select().from(charges).where(eq(charges.userId, userId));
const invoicesOf = (userId: number) =>
  t.db.select().from(invoices).where(eq(invoices.userId, userId));

/** The payment link's enrollment token (the sandbox card page's `?token=`). */
async function enrollmentToken(client: TestClient, subscriptionId: number) {
  const link = await client.post('/api/user-subscriptions-increase', { id: subscriptionId });
  expect(link.statusCode, link.body).toBe(200);
  return new URL(link.json().data[1]).searchParams.get('token')!;
}

/** Submits the sandbox card page as its form does; answers the return path it redirects to. */
async function submitCardPage(client: TestClient, token: string, cardNumber: string) {
  const card = await client.request({
    method: 'POST',
    url: '/sandbox-gateway/enroll',
    payload: new URLSearchParams({ token, card_number: cardNumber }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  expect(card.statusCode, card.body).toBe(303);
  const url = new URL(card.headers.location as string);
  return url.pathname + url.search;
}

describe('sandbox gateway', () => {
  it('makes and refunds the validation charge, and handles a callback delivered twice once', async () => {
    const { pack, subjectIds } = await createPackage(t.db, { trialPeriodDays: 0 });
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const { returnPath, landing } = await payWithCard(client, sub.id, approveCard());
    expect(landing.headers.location).toContain('/subscripcion/exitosa');
    const again = await client.get(returnPath);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(landing.headers.location);
    const row = await subscriptionRow(sub.id);
    expect(row.status).toBe('Active');
    expect(row.subscriptionEnd!.getTime() - row.subscriptionStart!.getTime()).toBe(30 * 86_400_000);
    const moved = await chargesOf(student.id);
    expect(moved.map((c) => [c.kind, c.amount, c.status, c.refundedAt !== null])).toEqual([
      ['validation', '1784.64', 'paid', true],
      ['invoice', '9990.00', 'paid', false],
    ]);
    const invoiceRows = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(invoiceRows).toHaveLength(1);
    const list = await client.get('/api/invoices');
    expect(list.json().data[0]).toMatchObject({
      net: 8395,
      vat: 1595,
      total: 9990,
      status: 'paid',
    });
    expect(list.json().data[0].number).toMatch(/^ENS-\d{4}-\d{6}$/);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, student.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('Recibo')]);
  });

  it('refuses a return with a bad signature and changes nothing', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const link = await client.post('/api/user-subscriptions-increase', { id: sub.id });
    const token = new URL(link.json().data[1]).searchParams.get('token')!;
    const card = await client.request({
      method: 'POST',
      url: '/sandbox-gateway/enroll',
      payload: { token, card_number: approveCard() },
      csrf: false,
    });
    const returnUrl = new URL(card.headers.location as string);
    const forged = new URL(returnUrl);
    forged.searchParams.set(
      'token',
      `${returnUrl.searchParams.get('token')!.split('.')[0]}.${'0'.repeat(64)}`,
    );
    const wrongSig = new URL(returnUrl);
    wrongSig.searchParams.set('sig', 'ab'.repeat(32));
    const otherSubscription =
      returnUrl.pathname.replace(`/${sub.id}`, `/${sub.id + 1000}`) + returnUrl.search;
    for (const path of [
      forged.pathname + forged.search,
      wrongSig.pathname + wrongSig.search,
      otherSubscription,
    ]) {
      const response = await client.get(path);
      expect(response.statusCode, path).toBe(403);
    }
    expect((await subscriptionRow(sub.id)).status).toBe('Created');
    expect(await chargesOf(student.id)).toHaveLength(0);
    const forgedPage = await client.get(`/sandbox-gateway/enroll?token=${token.slice(0, -2)}00`);
    expect(forgedPage.statusCode).toBe(403);
  });

  it('rejects a declining card at enrollment without starting anything', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const { landing } = await payWithCard(client, sub.id, declineCard());
    expect(landing.headers.location).toContain('/factura/detalles');
    expect(landing.headers.location).toContain('payment=card_rejected');
    expect((await subscriptionRow(sub.id)).status).toBe('Created');
    expect((await chargesOf(student.id)).map((c) => c.status)).toEqual(['declined']);
  });

  it('handles the same callback delivered twice at once with one charge', async () => {
    const { pack, subjectIds } = await createPackage(t.db, { trialPeriodDays: 0 });
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const link = await client.post('/api/user-subscriptions-increase', { id: sub.id });
    const token = new URL(link.json().data[1]).searchParams.get('token')!;
    const card = await client.request({
      method: 'POST',
      url: '/sandbox-gateway/enroll',
      payload: { token, card_number: approveCard() },
      csrf: false,
    });
    const url = new URL(card.headers.location as string);
    const [a, b] = await Promise.all([
      client.get(url.pathname + url.search),
      client.get(url.pathname + url.search),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    expect((await chargesOf(student.id)).filter((c) => c.kind === 'invoice')).toHaveLength(1);
    const callbacks = await t.db
      .select()
      .from(gatewayCallbacks)
      .where(eq(gatewayCallbacks.gateway, 'sandbox'));
    expect(
      callbacks.filter(
        (c) => (c.payload as { subscription_id: number }).subscription_id === sub.id,
      ),
    ).toHaveLength(1);
  });
});

describe('one enrollment, one outcome', () => {
  it('answers a card page submitted twice with the first outcome: the trial is not charged early', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const token = await enrollmentToken(client, sub.id);
    const first = await client.get(await submitCardPage(client, token, approveCard()));
    expect(first.headers.location).toContain('/confirmacion?');
    expect(first.headers.location).toContain('payment=trial');
    // The same form again (the back button, a resubmit), even with another card.
    for (const card of [approveCard(), declineCard()]) {
      const again = await client.get(await submitCardPage(client, token, card));
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe(first.headers.location);
    }
    const row = await subscriptionRow(sub.id);
    expect(row.status).toBe('Trial');
    expect((await chargesOf(student.id)).map((c) => c.kind)).toEqual(['validation']);
    expect(await invoicesOf(student.id)).toHaveLength(0);
  });

  it('handles a double submit that arrives at once as one enrollment', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const token = await enrollmentToken(client, sub.id);
    const card = approveCard();
    const paths = await Promise.all([
      submitCardPage(client, token, card),
      submitCardPage(client, token, card),
    ]);
    const landings = await Promise.all(paths.map((path) => client.get(path)));
    for (const landing of landings) {
      expect(landing.statusCode).toBe(303);
      expect(landing.headers.location).toContain('payment=trial');
    }
    expect((await subscriptionRow(sub.id)).status).toBe('Trial');
    expect((await chargesOf(student.id)).map((c) => c.kind)).toEqual(['validation']);
    expect(await invoicesOf(student.id)).toHaveLength(0);
    const callbacks = await t.db
      .select()
      .from(gatewayCallbacks)
      .where(eq(gatewayCallbacks.gateway, 'sandbox'));
    expect(
      callbacks.filter(
        (c) => (c.payload as { subscription_id: number }).subscription_id === sub.id,
      ),
    ).toHaveLength(1);
  });

  it('still lets a student in a trial pay early through a new payment link', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await client.get(
      await submitCardPage(client, await enrollmentToken(client, sub.id), approveCard()),
    );
    const paid = await client.get(
      await submitCardPage(client, await enrollmentToken(client, sub.id), approveCard()),
    );
    expect(paid.headers.location).toContain('payment=active');
    expect((await subscriptionRow(sub.id)).status).toBe('Active');
    expect((await chargesOf(student.id)).map((c) => c.kind)).toEqual([
      'validation',
      'validation',
      'invoice',
    ]);
  });

  it("shows a subscription's real state when another subscription's return is carried to it", async () => {
    const { pack, subjectIds } = await createPackage(t.db, { trialPeriodDays: 0 });
    const { client, student } = await signedInStudent(t);
    const a = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const b = await createSubscription(client, pack.id, subjectIds.slice(1, 3));
    const aReturn = new URL(
      await submitCardPage(client, await enrollmentToken(client, a.id), approveCard()),
      'http://x',
    );
    expect((await client.get(aReturn.pathname + aReturn.search)).headers.location).toContain(
      'payment=active',
    );
    // B's own return URL, with B's valid signature (B's card page submitted, not yet returned).
    const bReturn = new URL(
      await submitCardPage(client, await enrollmentToken(client, b.id), approveCard()),
      'http://x',
    );
    const before = await chargesOf(student.id);

    // A's processed result at B's address: B is only Created, so not "payment=active".
    const carried = new URL(bReturn);
    carried.searchParams.set('token', aReturn.searchParams.get('token')!);
    const landing = await client.get(carried.pathname + carried.search);
    expect(landing.statusCode).toBe(303);
    const target = new URL(landing.headers.location as string);
    expect(target.pathname).toBe('/factura/detalles');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      subscription: String(b.id),
      payment: 'unpaid',
    });
    // B's unprocessed result at A's address is not handled for A either.
    const misdirected = new URL(aReturn);
    misdirected.searchParams.set('token', bReturn.searchParams.get('token')!);
    const atA = await client.get(misdirected.pathname + misdirected.search);
    expect(new URL(atA.headers.location as string).searchParams.get('subscription')).toBe(
      String(a.id),
    );
    expect((await subscriptionRow(b.id)).status).toBe('Created');
    expect(await chargesOf(student.id)).toEqual(before);

    // B's own return still works, once.
    const own = await client.get(bReturn.pathname + bReturn.search);
    expect(own.headers.location).toContain(`subscription=${b.id}&payment=active`);
    expect((await subscriptionRow(b.id)).status).toBe('Active');
  });
});

describe('Transbank Oneclick Mall adapter', () => {
  let fake: FastifyInstance;
  let tb: TestApp;
  const seen: string[] = [];
  const responseUrls: string[] = [];
  const amounts: number[] = [];
  beforeAll(async () => {
    // A local fake of the Transbank API: no test touches the network.
    fake = Fastify();
    const base = '/rswebpaytransaction/api/oneclick/v1.2';
    fake.addHook('onRequest', async (request, reply) => {
      seen.push(`${request.method} ${request.url.replace(base, '')}`);
      if (
        request.headers['tbk-api-key-id'] !== '597055555541' ||
        request.headers['tbk-api-key-secret'] !== 'test-key'
      )
        return reply.status(401).send({ error_message: 'Not Authorized' });
    });
    fake.post(`${base}/inscriptions`, async (request) => {
      responseUrls.push((request.body as { response_url: string }).response_url);
      return {
        token: 'tbk-token-1',
        url_webpay: `${address()}/webpayserver/bp_multicode_inscription.cgi`,
      };
    });
    fake.put(`${base}/inscriptions/:token`, async () => ({
      response_code: 0,
      tbk_user: 'tbk-user-1',
      authorization_code: '1213',
      card_type: 'Visa',
      card_number: 'XXXXXXXXXXXX6623',
    }));
    fake.post(`${base}/transactions`, async (request) => {
      const body = request.body as {
        buy_order: string;
        details: Array<{ amount: number; buy_order: string; commerce_code: string }>;
      };
      amounts.push(...body.details.map((d) => d.amount));
      return {
        buy_order: body.buy_order,
        details: body.details.map((d) => ({ ...d, status: 'AUTHORIZED', response_code: 0 })),
      };
    });
    fake.post(`${base}/transactions/:buyOrder/refunds`, async () => ({ type: 'REVERSED' }));
    await fake.listen({ port: 0, host: '127.0.0.1' });
    tb = await buildTestApp({
      paymentGateway: 'transbank_oneclick',
      transbank: {
        baseUrl: address(),
        commerceCode: '597055555541',
        childCommerceCode: '597055555542',
        apiKey: 'test-key',
      },
    });
  });
  afterAll(async () => {
    await tb?.close();
    await fake?.close();
  });
  const address = () => {
    const info = fake.server.address() as { port: number };
    return `http://127.0.0.1:${info.port}`;
  };

  it('enrolls a card, validates it (1785 made and refunded) and charges whole pesos', async () => {
    const { pack, subjectIds } = await createPackage(tb.db, { trialPeriodDays: 0 });
    const { client, student } = await signedInStudent(tb);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const link = await client.post('/api/user-subscriptions-increase', { id: sub.id });
    expect(link.statusCode, link.body).toBe(200);
    const redirect = new URL(link.json().data[1]);
    expect(redirect.pathname).toBe('/payments/transbank/redirect');
    const page = await client.get(redirect.pathname + redirect.search);
    expect(page.body).toContain('name="TBK_TOKEN" value="tbk-token-1"');
    const evil = await client.get('/payments/transbank/redirect?url=https://evil.example/&token=x');
    expect(evil.statusCode).toBe(404);
    // Webpay posts TBK_TOKEN back to the signed return URL it was given.
    const returnUrl = new URL(responseUrls.at(-1)!);
    const post = (path: string) =>
      client.request({
        method: 'POST',
        url: path,
        payload: 'TBK_TOKEN=tbk-token-1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
    expect((await post(returnUrl.pathname)).statusCode).toBe(403);
    const returned = await post(returnUrl.pathname + returnUrl.search);
    expect(returned.statusCode, returned.body).toBe(303);
    expect(returned.headers.location).toContain('/subscripcion/exitosa');
    expect((await post(returnUrl.pathname + returnUrl.search)).statusCode).toBe(303);
    const row = (
      await tb.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, sub.id))
    )[0]!;
    expect(row.status).toBe('Active');
    const moved = await tb.db.select().from(charges).where(eq(charges.userId, student.id));
    expect(moved.map((c) => [c.kind, c.status, c.refundedAt !== null])).toEqual([
      ['validation', 'paid', true],
      ['invoice', 'paid', false],
    ]);
    expect(amounts).toEqual([1785, 9990]);
    expect(seen.filter((line) => line.startsWith('PUT /inscriptions/'))).toHaveLength(1);
    expect(seen.filter((line) => line.includes('/refunds'))).toHaveLength(1);
    // Oneclick gives no stable card id across accounts: its type and last four are the fingerprint.
    const cards = await tb.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, student.id));
    expect(cards.map((card) => [card.brand, card.last4, card.fingerprint])).toEqual([
      ['Visa', '6623', 'visa:6623'],
    ]);

    // The processed token posted to another subscription's signed return: that one's real state.
    const other = await createSubscription(client, pack.id, subjectIds.slice(1, 3));
    await client.post('/api/user-subscriptions-increase', { id: other.id });
    const otherReturn = new URL(responseUrls.at(-1)!);
    expect(otherReturn.pathname).toContain(`/return/${other.id}`);
    const carried = await post(otherReturn.pathname + otherReturn.search);
    expect(carried.statusCode).toBe(303);
    expect(carried.headers.location).toContain(
      `/factura/detalles?subscription=${other.id}&payment=unpaid`,
    );
    const otherRow = (
      await tb.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, other.id))
    )[0]!;
    expect(otherRow.status).toBe('Created');
    expect(seen.filter((line) => line.startsWith('PUT /inscriptions/'))).toHaveLength(1);
  });
});
