import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeSongwriter } from '../../src/server/db/seed/factories';
import { mailOutbox, orders, paymentEvents } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const WEBHOOK_SECRET = 'whsec_test_6f1a2b3c4d5e6f708192a3b4c5d6e7f8';
const stripe = new Stripe('sk_test_not_used_for_network');
const recorded = readFileSync(new URL('../fixtures/stripe/checkout-session-completed.json', import.meta.url), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_not_used_for_network',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_1: 'price_1',
    STRIPE_PRICE_2: 'price_2',
    STRIPE_PRICE_3: 'price_3',
    STRIPE_PRICE_4: 'price_4',
  });
});
afterAll(() => t.close());

/** The recorded Checkout Session event, for our order and customer, under an event id of our choosing. */
function eventFor({ eventId, sessionId, orderId, email }: { eventId: string; sessionId: string; orderId: string; email: string }) {
  const event = JSON.parse(recorded.replaceAll('__ORDER_ID__', orderId).replaceAll('__EMAIL__', email));
  event.id = eventId;
  event.data.object.id = sessionId;
  return JSON.stringify(event);
}

function deliver(payload: string, secret = WEBHOOK_SECRET) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  // Stripe's servers send no Origin header and no cookies.
  return t.client().request('POST', '/api/payments/stripe/webhook', Buffer.from(payload), {
    'content-type': 'application/json',
    'stripe-signature': signature,
    origin: '',
  });
}

async function pendingOrder(sessionId: string) {
  const writer = await makeSongwriter(t.db);
  const [order] = await t.db
    .insert(orders)
    .values({
      songwriterId: writer.id,
      packageSize: 3,
      paymentProvider: 'stripe',
      checkoutSessionId: sessionId,
      customerEmail: writer.email,
    })
    .returning();
  return { order: order!, writer };
}

test('a delivery with a bad signature is refused and changes nothing', async () => {
  const { order, writer } = await pendingOrder('cs_test_badsig');
  const payload = eventFor({ eventId: 'evt_badsig', sessionId: 'cs_test_badsig', orderId: order.id, email: writer.email });
  const res = await deliver(payload, 'whsec_someone_else');
  expect(res.status).toBe(400);
  const tampered = await t.client().request('POST', '/api/payments/stripe/webhook', Buffer.from(payload.replace('7500', '1')), {
    'content-type': 'application/json',
    'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  });
  expect(tampered.status).toBe(400);
  expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('pending');
});

const receiptsTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'order-paid'), eq(mailOutbox.toAddress, email)));

test('one event delivered ten times in turn and ten times at once makes one paid order and one receipt', async () => {
  const { order, writer } = await pendingOrder('cs_test_tentimes');
  const payload = eventFor({ eventId: 'evt_tentimes', sessionId: 'cs_test_tentimes', orderId: order.id, email: writer.email });
  const inTurn = [];
  for (let i = 0; i < 10; i++) inTurn.push(await deliver(payload));
  const atOnce = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
  const results = [...inTurn, ...atOnce];
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(results.map((r) => r.body.outcome)).toEqual(['paid', ...Array(19).fill('duplicate-event')]);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  expect(row).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 7500, customerName: 'Casey Rivers' });
  expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_tentimes'))).toHaveLength(1);
  expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_test_tentimes'))).toHaveLength(1);
  const receipts = await receiptsTo(writer.email);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.subject).toBe('Payment received: your 3-song review package');
  expect(receipts[0]!.textBody).toContain('We received $75.00 for a review package of 3 songs.');
  expect(receipts[0]!.textBody).toContain('/songwriter-dashboard');
});

test('ten different events for one session we did not start, at once, make one unclaimed order and one receipt', async () => {
  const email = 'ten-events@example.test';
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) => deliver(eventFor({ eventId: `evt_many_${i}`, sessionId: 'cs_test_many', orderId: '', email }))),
  );
  expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(results.map((r) => r.body.outcome).sort()).toEqual(['created-unclaimed', ...Array(9).fill('already-paid')].sort());
  expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_test_many'))).toHaveLength(1);
  const receipts = await receiptsTo(email);
  expect(receipts).toHaveLength(1);
  // Nobody has claimed it: the receipt says how to.
  expect(receipts[0]!.textBody).toContain('/songwriter-signup');
});

describe('the return from payment racing the webhook', () => {
  // Ten rounds each, the claim and the delivery sent together; which lands first varies from round to round.
  const ROUNDS = 10;

  test('an order the songwriter started: one paid order, theirs, whichever comes first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const sessionId = `cs_test_race_started_${round}`;
      const { order, writer } = await pendingOrder(sessionId);
      const buyer = await signedInClient(t, writer);
      const payload = eventFor({ eventId: `evt_race_started_${round}`, sessionId, orderId: order.id, email: writer.email });
      const [delivery, claim] = await Promise.all([deliver(payload), buyer.post('/api/songwriters/me/claim', { sessionId })]);
      expect(delivery.body.outcome).toBe('paid');
      expect(claim.status).toBe(200);
      const rows = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: order.id, songwriterId: writer.id, paymentStatus: 'paid' });
      expect(await receiptsTo(writer.email)).toHaveLength(1);
    }
  });

  test('a session we did not start: one order, which the claim (asked again, as the dashboard does) makes the buyer’s', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const sessionId = `cs_test_race_foreign_${round}`;
      const writer = await makeSongwriter(t.db);
      const buyer = await signedInClient(t, writer);
      const payload = eventFor({ eventId: `evt_race_foreign_${round}`, sessionId, orderId: '', email: writer.email });
      const [delivery, first] = await Promise.all([deliver(payload), buyer.post('/api/songwriters/me/claim', { sessionId })]);
      expect(delivery.body.outcome).toBe('created-unclaimed');
      const again = await buyer.post('/api/songwriters/me/claim', { sessionId });
      // The first ask claims it if the payment was recorded before it, else finds nothing yet; the second
      // finds the order the buyer's either way (a claim counts an order already theirs).
      expect([0, 1]).toContain(first.body.claimed);
      expect(again.body.claimed).toBe(1);
      const rows = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ songwriterId: writer.id, paymentStatus: 'paid' });
    }
  });
});

test('a paid session replayed under a new event id creates nothing new', async () => {
  const { order, writer } = await pendingOrder('cs_test_replay');
  await deliver(eventFor({ eventId: 'evt_replay_1', sessionId: 'cs_test_replay', orderId: order.id, email: writer.email }));
  const replay = await deliver(eventFor({ eventId: 'evt_replay_2', sessionId: 'cs_test_replay', orderId: order.id, email: writer.email }));
  expect(replay.body.outcome).toBe('already-paid');
  expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_test_replay'))).toHaveLength(1);
});

test('a paid session we did not start waits, unclaimed, and its buyer claims it by session id', async () => {
  const payload = eventFor({ eventId: 'evt_foreign', sessionId: 'cs_test_foreign', orderId: '', email: 'buyer@example.test' });
  const res = await deliver(payload);
  expect(res.body.outcome).toBe('created-unclaimed');
  const [row] = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_test_foreign'));
  expect(row).toMatchObject({ songwriterId: null, packageSize: 3, paymentStatus: 'paid', customerEmail: 'buyer@example.test' });
  const buyer = await signedInClient(t, await makeSongwriter(t.db));
  expect((await buyer.post('/api/songwriters/me/claim', { sessionId: 'cs_test_foreign' })).body).toEqual({
    claimed: 1,
    awaitingPayment: false,
  });
});

test('the test checkout is not offered when Stripe is configured', async () => {
  const client = await signedInClient(t, await makeSongwriter(t.db));
  expect((await client.get('/api/test-checkout/test_cs_anything')).status).toBe(404);
});

test('paying first and signing up afterwards: verifying the e-mail claims the order', async () => {
  await deliver(eventFor({ eventId: 'evt_paid_first', sessionId: 'cs_test_paid_first', orderId: '', email: 'paid-first@example.test' }));
  const client = t.client();
  await client.post('/api/songwriters/sign-up', {
    username: 'paid-first',
    email: 'paid-first@example.test',
    password: 'paid-before-signup',
    confirmPassword: 'paid-before-signup',
  });
  const mail = (await t.mailsTo('paid-first@example.test')).find((m) => m.kind === 'verify-email')!;
  const link = new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]);
  await client.get(link.pathname + link.search);
  const list = await client.get('/api/songwriters/me/orders');
  expect(list.body).toMatchObject([{ packageSize: 3, songsRemaining: 3 }]);
});
