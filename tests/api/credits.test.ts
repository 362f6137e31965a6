import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PITCH_AGREEMENT } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { createStripePayments } from '../../src/server/adapters/payments/stripe-payments';
import { accountCredits, orders, songReviews } from '../../src/server/db/schema';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { creditReviewFee } from '../../src/server/features/orders/credits.service';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, signedInClient } from './helpers';

const m = MESSAGES.credits;
let t: TestApp;
let admin: TestClient;

type Writer = Awaited<ReturnType<typeof makeSongwriter>>;

/** A song of a paid order of the writer, reviewed, offered for pitching by the admin and signed by the writer. */
async function signAgreement(app: TestApp, adminClient: TestClient, writer: Writer, writerClient: TestClient, order?: { id: string }) {
  const paidOrder = order ?? (await makePaidOrder(app.db, writer.id, 1));
  const taken = await app.db.select().from(songReviews).where(eq(songReviews.orderId, paidOrder.id));
  const [review] = await app.db
    .insert(songReviews)
    .values({
      songwriterId: writer.id,
      orderId: paidOrder.id,
      songNumber: taken.length + 1,
      songTitle: 'Gravel Road Goodbye',
      lyricsText: 'Dust on the dashboard',
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning();
  const offered = await adminClient.post('/api/admin/pitch-agreements', { reviewId: review!.id });
  expect(offered.status, offered.text).toBe(201);
  const accepted = await writerClient.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Sam Writer', consent: true });
  expect(accepted.status, accepted.text).toBe(200);
  return offered.body as { id: string; text: string; textVersion: string };
}

/** A songwriter, signed in, who signed one agreement for a song of a paid 1-song package: $25.00 of credit. */
async function writerWithCredit(app = t, adminClient = admin) {
  const writer = await makeSongwriter(app.db);
  const client = await signedInClient(app, writer);
  const agreement = await signAgreement(app, adminClient, writer, client);
  return { writer, client, agreement };
}

const creditsOf = (app: TestApp, songwriterId: string) =>
  app.db.select().from(accountCredits).where(eq(accountCredits.songwriterId, songwriterId));
const orderRow = async (app: TestApp, id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

describe('the review fee credited back', () => {
  test('signing a pitch agreement credits what was paid for the song, once; the agreement says so', async () => {
    const { writer, client, agreement } = await writerWithCredit();
    expect(agreement.textVersion).toBe(PITCH_AGREEMENT.textVersion);
    expect(agreement.text).toContain('6. Review fee. When you sign, the review fee you paid for the Song is credited back');

    const credits = await creditsOf(t, writer.id);
    expect(credits).toMatchObject([{ pitchAgreementId: agreement.id, amountCents: 2500, orderId: null }]);
    // A second acceptance is refused, and crediting the same agreement again adds nothing.
    expect((await client.post(`/api/pitch-agreements/${agreement.id}/accept`, { legalName: 'Sam Writer', consent: true })).status).toBe(
      409,
    );
    await creditReviewFee(t.db, agreement.id);
    expect(await creditsOf(t, writer.id)).toHaveLength(1);

    const credit = await client.get('/api/songwriters/me/credit');
    expect(credit.status).toBe(200);
    expect(credit.body.availableCents).toBe(2500);
    expect(credit.body.packages[0]).toEqual({ packageSize: 1, listPriceCents: 2500, creditCents: 2500, dueCents: 0 });
    expect(credit.body.packages[1]).toEqual({ packageSize: 2, listPriceCents: 5000, creditCents: 2500, dueCents: 2500 });
  });

  test('a song of a 2-song package is credited half of what was paid, a song paid with credit alone nothing', async () => {
    const writer = await makeSongwriter(t.db);
    const client = await signedInClient(t, writer);
    const [partCredit] = await t.db
      .insert(orders)
      .values({
        songwriterId: writer.id,
        packageSize: 2,
        amountPaidCents: 2500,
        creditAppliedCents: 2500,
        paymentStatus: 'paid',
        paymentProvider: 'test',
      })
      .returning();
    const half = await signAgreement(t, admin, writer, client, partCredit);
    const [allCredit] = await t.db
      .insert(orders)
      .values({
        songwriterId: writer.id,
        packageSize: 1,
        amountPaidCents: 0,
        creditAppliedCents: 2500,
        paymentStatus: 'paid',
        paymentProvider: 'test',
      })
      .returning();
    await signAgreement(t, admin, writer, client, allCredit);
    expect(await creditsOf(t, writer.id)).toMatchObject([{ pitchAgreementId: half.id, amountCents: 1250 }]);
  });
});

describe('the next package takes the credit', () => {
  test('a 1-song package costs $0.00: paid at once, no checkout, and the receipt says the credit paid it', async () => {
    const { writer, client } = await writerWithCredit();
    const start = await client.post('/api/songwriters/me/checkout', { packageSize: 1 });
    expect(start.status, start.text).toBe(201);
    expect(start.body).toMatchObject({ url: `${t.config.publicUrl}/songwriter-dashboard`, paidWithCredit: true });
    expect(await orderRow(t, start.body.orderId)).toMatchObject({
      paymentStatus: 'paid',
      amountPaidCents: 0,
      creditAppliedCents: 2500,
      paymentProvider: 'test',
      checkoutSessionId: null,
    });
    expect((await creditsOf(t, writer.id))[0]!.orderId).toBe(start.body.orderId);
    const receipt = await latestMail(t, writer.email, 'order-paid');
    expect(receipt.textBody).toContain('We received $0.00 for a review package of 1 song, after your account credit of $25.00.');

    const mine = await client.get('/api/songwriters/me/orders');
    expect(mine.body.find((o: { id: string }) => o.id === start.body.orderId)).toMatchObject({
      amountPaidCents: 0,
      creditAppliedCents: 2500,
    });
    expect((await client.get('/api/songwriters/me/credit')).body.availableCents).toBe(0);
    // Spent: the next package is at full price.
    const next = await client.post('/api/songwriters/me/checkout', { packageSize: 1 });
    expect((await client.get(`/api/test-checkout/${sessionOf(next.body.url)}`)).body).toMatchObject({
      creditAppliedCents: 0,
      amountCents: 2500,
    });
    expect((await creditsOf(t, writer.id))[0]!.orderId).toBe(start.body.orderId);
  });

  test('a 2-song package costs $25.00 on the test checkout, and the order records what was charged', async () => {
    const { writer, client } = await writerWithCredit();
    const start = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
    expect(start.status, start.text).toBe(201);
    const sessionId = sessionOf(start.body.url);
    const page = await client.get(`/api/test-checkout/${sessionId}`);
    expect(page.body).toMatchObject({
      packageSize: 2,
      listPriceCents: 5000,
      creditAppliedCents: 2500,
      amountCents: 2500,
      paymentStatus: 'pending',
    });
    expect((await client.post(`/api/test-checkout/${sessionId}/pay`)).status).toBe(200);
    expect(await orderRow(t, start.body.orderId)).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 2500, creditAppliedCents: 2500 });
    expect((await latestMail(t, writer.email, 'order-paid')).textBody).toContain('We received $25.00 for a review package of 2 songs');
  });

  test('20 checkouts at once: the credit ends on exactly one order, the newest, and the others are cancelled', async () => {
    const { writer, client } = await writerWithCredit();
    const starts = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/songwriters/me/checkout', { packageSize: 2 })));
    // A checkout whose order lost its credit before its session was made is refused; the others answer a page.
    for (const start of starts) {
      expect([201, 409], start.text).toContain(start.status);
      if (start.status === 409) expect(start.body.error.message).toBe(m.checkoutReplaced);
    }
    const all = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.songwriterId, writer.id), eq(orders.packageSize, 2)));
    expect(all).toHaveLength(20);
    const live = all.filter((o) => o.paymentStatus !== 'cancelled');
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ paymentStatus: 'pending', creditAppliedCents: 2500 });
    const credits = await creditsOf(t, writer.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.orderId).toBe(live[0]!.id);

    // Every cancelled one that got a page can no longer be paid; the live one charges $25.00.
    for (const start of starts.filter((s) => s.status === 201 && s.body.orderId !== live[0]!.id)) {
      expect((await client.post(`/api/test-checkout/${sessionOf(start.body.url)}/pay`)).status).toBe(409);
    }
    const winner = starts.find((s) => s.body.orderId === live[0]!.id)!;
    expect((await client.post(`/api/test-checkout/${sessionOf(winner.body.url)}/pay`)).status).toBe(200);
    const paid = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.songwriterId, writer.id), inArray(orders.paymentStatus, ['paid'])));
    expect(paid.filter((o) => o.packageSize === 2)).toMatchObject([{ id: live[0]!.id, amountPaidCents: 2500, creditAppliedCents: 2500 }]);
  });

  test('a cancelled order cannot be paid: its test checkout says so and it stays cancelled', async () => {
    const { writer, client } = await writerWithCredit();
    const first = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
    const second = await client.post('/api/songwriters/me/checkout', { packageSize: 3 });
    expect(second.status).toBe(201);
    const sessionId = sessionOf(first.body.url);
    expect((await client.get(`/api/test-checkout/${sessionId}`)).body.paymentStatus).toBe('cancelled');
    const pay = await client.post(`/api/test-checkout/${sessionId}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toBe(m.checkoutCancelled);
    expect(await orderRow(t, first.body.orderId)).toMatchObject({ paymentStatus: 'cancelled', amountPaidCents: 0, paidAt: null });
    expect((await creditsOf(t, writer.id))[0]!.orderId).toBe(second.body.orderId);
    // A cancelled order is not an order the songwriter has: it is not listed.
    expect((await client.get('/api/songwriters/me/orders')).body.map((o: { id: string }) => o.id)).not.toContain(first.body.orderId);
  });

  test('Customers and All Users show what was paid net of credit, and the credit', async () => {
    const { writer, client } = await writerWithCredit();
    await client.post('/api/songwriters/me/checkout', { packageSize: 1 });
    const username = `writer-${writer.id.slice(0, 8)}`;
    const customers = await admin.get(`/api/admin/customers?q=${username}`);
    expect(customers.body.rows).toMatchObject([{ userId: writer.id, orderCount: 2, totalSpentCents: 2500, totalCreditCents: 2500 }]);
    const orderList = await admin.get(`/api/admin/customers/${writer.id}/orders`);
    expect(
      orderList.body.map((o: { amountPaidCents: number; creditAppliedCents: number }) => [o.amountPaidCents, o.creditAppliedCents]),
    ).toEqual([
      [0, 2500],
      [2500, 0],
    ]);
    const users = await admin.get(`/api/admin/users?q=${username}`);
    expect(users.body.rows).toMatchObject([{ userId: writer.id, orderCount: 2, totalSpentCents: 2500 }]);
  });
});

describe('with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_credit_test_0123456789abcdef';
  const recorded = readFileSync(new URL('../fixtures/stripe/checkout-session-completed.json', import.meta.url), 'utf8');
  const received: { path: string; form: URLSearchParams }[] = [];
  /** Sessions the customer has paid on Stripe's page, whose webhook has not arrived yet. */
  const completed = new Set<string>();
  let peer: Server;
  let s: TestApp;
  let stripeAdmin: TestClient;

  const bodyOf = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  beforeAll(async () => {
    const session = JSON.parse(recorded).data.object;
    // Stripe's API as the `stripe` package reaches it: coupons, sessions and their expiry, read off the wire.
    peer = createServer((req, res) => {
      void (async () => {
        const form = new URLSearchParams(await bodyOf(req));
        const path = req.url ?? '';
        received.push({ path, form });
        const n = received.length;
        const reply = (body: object) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (path === '/v1/coupons') return reply({ id: `coupon_local_${n}`, object: 'coupon', amount_off: Number(form.get('amount_off')) });
        const expired = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
        if (expired && completed.has(expired[1]!)) {
          // Stripe's answer for a session that is not open.
          res.writeHead(400, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of complete.`,
              },
            }),
          );
        }
        if (expired) return reply({ ...session, id: expired[1], status: 'expired', url: null });
        const retrieved = req.method === 'GET' && /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path);
        if (retrieved) return reply({ ...session, id: retrieved[1], status: completed.has(retrieved[1]!) ? 'complete' : 'expired' });
        return reply({
          ...session,
          id: `cs_test_credit_${n}`,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.com/c/pay/cs_test_credit_${n}`,
        });
      })();
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const port = (peer.address() as AddressInfo).port;
    s = await createTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_local_peer',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_1: 'price_1',
        STRIPE_PRICE_2: 'price_2',
        STRIPE_PRICE_3: 'price_3',
        STRIPE_PRICE_4: 'price_4',
      },
      {
        payments: (config) =>
          createStripePayments(
            config.stripe!,
            new Stripe(config.stripe!.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
          ),
      },
    );
    stripeAdmin = await signedInClient(s, await makeUser(s.db, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await s.close();
    peer.close();
  });

  function deliver(sessionId: string, orderId: string, amountTotal: number) {
    const event = JSON.parse(recorded.replaceAll('__ORDER_ID__', orderId).replaceAll('__EMAIL__', 'writer@example.test'));
    event.id = `evt_${sessionId}`;
    Object.assign(event.data.object, { id: sessionId, amount_total: amountTotal, metadata: { orderId, packageSize: '2' } });
    const payload = JSON.stringify(event);
    return s.client().request('POST', '/api/payments/stripe/webhook', Buffer.from(payload), {
      'content-type': 'application/json',
      'stripe-signature': new Stripe('sk_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      origin: '',
    });
  }

  test('the Checkout Session keeps the package price and takes the credit off with a one-off coupon', async () => {
    const { client } = await writerWithCredit(s, stripeAdmin);
    const start = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
    expect(start.status, start.text).toBe(201);
    const [coupon, created] = received.slice(-2);
    expect(coupon!.path).toBe('/v1/coupons');
    expect(Object.fromEntries(coupon!.form)).toMatchObject({ amount_off: '2500', currency: 'usd', duration: 'once', max_redemptions: '1' });
    expect(created!.path).toBe('/v1/checkout/sessions');
    expect(created!.form.get('line_items[0][price]')).toBe('price_2');
    expect(created!.form.get('discounts[0][coupon]')).toBe(`coupon_local_${received.length - 1}`);
    expect(start.body.url).toBe(`https://checkout.stripe.com/c/pay/cs_test_credit_${received.length}`);
  });

  test('a newer checkout expires the older session; a payment that got through on it anyway is recorded, not lost', async () => {
    const { writer, client } = await writerWithCredit(s, stripeAdmin);
    const first = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
    const firstSession = (await orderRow(s, first.body.orderId)).checkoutSessionId!;
    const second = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
    expect(second.status).toBe(201);
    expect(received.map((r) => r.path)).toContain(`/v1/checkout/sessions/${firstSession}/expire`);
    expect((await orderRow(s, first.body.orderId)).paymentStatus).toBe('cancelled');

    const late = await deliver(firstSession, first.body.orderId, 2500);
    expect(late.body.outcome).toBe('paid-after-cancel');
    expect(await orderRow(s, first.body.orderId)).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 2500, creditAppliedCents: 2500 });
    // The newer order still holds the credit, and is charged what its session says.
    const secondSession = (await orderRow(s, second.body.orderId)).checkoutSessionId!;
    expect((await deliver(secondSession, second.body.orderId, 2500)).body.outcome).toBe('paid');
    expect(await orderRow(s, second.body.orderId)).toMatchObject({
      paymentStatus: 'paid',
      amountPaidCents: 2500,
      creditAppliedCents: 2500,
    });
    // Both orders were discounted, but there was one credit: Customers counts it once.
    const customers = await stripeAdmin.get(`/api/admin/customers?q=writer-${writer.id.slice(0, 8)}`);
    expect(customers.body.rows).toMatchObject([{ userId: writer.id, orderCount: 3, totalSpentCents: 7500, totalCreditCents: 2500 }]);
  });

  test('a session the customer already paid cannot be expired: its order keeps the credit and the newer checkout goes without it', async () => {
    const { writer, client } = await writerWithCredit(s, stripeAdmin);
    const first = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
    const firstSession = (await orderRow(s, first.body.orderId)).checkoutSessionId!;
    // Paid on Stripe's page; the webhook is still on its way, so the order is still pending here.
    completed.add(firstSession);
    const second = await client.post('/api/songwriters/me/checkout', { packageSize: 1 });
    expect(second.status, second.text).toBe(201);
    expect(received.map((r) => r.path)).toContain(`/v1/checkout/sessions/${firstSession}/expire`);
    expect(await orderRow(s, first.body.orderId)).toMatchObject({ paymentStatus: 'pending', creditAppliedCents: 2500 });
    // Not paid by a credit already spent: a Stripe checkout at the full price.
    expect(await orderRow(s, second.body.orderId)).toMatchObject({ paymentStatus: 'pending', creditAppliedCents: 0 });
    expect(second.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(received.at(-1)!.form.get('discounts[0][coupon]')).toBeNull();
    expect((await creditsOf(s, writer.id))[0]!.orderId).toBe(first.body.orderId);

    const late = await deliver(firstSession, first.body.orderId, 2500);
    expect(late.body.outcome).toBe('paid');
    expect(await orderRow(s, first.body.orderId)).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 2500, creditAppliedCents: 2500 });
  });

  test('a payment and a newer checkout at once: a paid order keeps its credit, a cancelled one passes it on', async () => {
    for (let round = 0; round < 8; round++) {
      const { writer, client } = await writerWithCredit(s, stripeAdmin);
      const first = await client.post('/api/songwriters/me/checkout', { packageSize: 2 });
      const firstSession = (await orderRow(s, first.body.orderId)).checkoutSessionId!;
      const [paid, second] = await Promise.all([
        deliver(firstSession, first.body.orderId, 2500),
        client.post('/api/songwriters/me/checkout', { packageSize: 2 }),
      ]);
      const [credit] = await creditsOf(s, writer.id);
      const newer = await orderRow(s, second.body.orderId);
      if (paid.body.outcome === 'paid') {
        // Paid first: the credit was spent on it, and the newer checkout is at full price.
        expect(credit!.orderId).toBe(first.body.orderId);
        expect(newer.creditAppliedCents).toBe(0);
      } else {
        expect(paid.body.outcome).toBe('paid-after-cancel');
        expect(credit!.orderId).toBe(second.body.orderId);
        expect(newer.creditAppliedCents).toBe(2500);
      }
    }
  });
});
