import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PACKAGE_SIZES } from '../../src/common/constants';
import { createStripePayments } from '../../src/server/adapters/payments/stripe-payments';

/**
 * The Stripe adapter's checkout, through the real `stripe` package, against a local peer that answers
 * POST /v1/checkout/sessions as Stripe's API does (the recorded Checkout Session): what the package sends is
 * read off the wire, so the price of each package, the return address and the metadata are checked as Stripe
 * would receive them. No network.
 */
const stripeConfig = {
  secretKey: 'sk_test_local_peer',
  webhookSecret: 'whsec_unused_here',
  priceIds: ['price_one_song', 'price_two_songs', 'price_three_songs', 'price_four_songs'] as [string, string, string, string],
};
const recordedSession = JSON.parse(readFileSync(new URL('../fixtures/stripe/checkout-session-completed.json', import.meta.url), 'utf8'))
  .data.object;

const received: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
let peer: Server;
let stripe: Stripe;

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeAll(async () => {
  peer = createServer((req, res) => {
    void (async () => {
      const form = new URLSearchParams(await bodyOf(req));
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
      if (form.get('line_items[0][price]') === 'price_gone') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such price: price_gone',
              param: 'line_items[0][price]',
            },
          }),
        );
        return;
      }
      const id = `cs_test_local_${received.length}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...recordedSession,
          id,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  stripe = new Stripe(stripeConfig.secretKey, {
    host: '127.0.0.1',
    port: (peer.address() as AddressInfo).port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => peer.close());

test('each package opens a Checkout Session for its own price, returning to the dashboard with the session id', async () => {
  const payments = createStripePayments(stripeConfig, stripe);
  for (const packageSize of PACKAGE_SIZES) {
    const orderId = `00000000-0000-4000-8000-00000000000${packageSize}`;
    const checkout = await payments.createCheckout({
      orderId,
      packageSize,
      songPriceCents: 2500,
      fastReview: false,
      creditCents: 0,
      customerEmail: 'writer@example.test',
      successUrl: 'https://pitchroom.example/songwriter-dashboard?order_success=true',
      cancelUrl: 'https://pitchroom.example/songwriter-order',
    });
    const sent = received.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe(`Bearer ${stripeConfig.secretKey}`);
    expect(Object.fromEntries(sent.form)).toEqual({
      mode: 'payment',
      'line_items[0][price]': stripeConfig.priceIds[packageSize - 1],
      'line_items[0][quantity]': '1',
      customer_email: 'writer@example.test',
      client_reference_id: orderId,
      'metadata[orderId]': orderId,
      'metadata[packageSize]': String(packageSize),
      success_url: 'https://pitchroom.example/songwriter-dashboard?order_success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://pitchroom.example/songwriter-order',
    });
    expect(checkout).toEqual({
      sessionId: `cs_test_local_${received.length}`,
      url: `https://checkout.stripe.com/c/pay/cs_test_local_${received.length}`,
    });
  }
});

test('the faster review is charged at its own price a song, not the package’s Price', async () => {
  const payments = createStripePayments(stripeConfig, stripe);
  await payments.createCheckout({
    orderId: '00000000-0000-4000-8000-000000000009',
    packageSize: 3,
    songPriceCents: 6000,
    fastReview: true,
    creditCents: 0,
    customerEmail: 'writer@example.test',
    successUrl: 'https://pitchroom.example/songwriter-dashboard?order_success=true',
    cancelUrl: 'https://pitchroom.example/songwriter-order',
  });
  const form = Object.fromEntries(received.at(-1)!.form);
  expect(form).toMatchObject({
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': '6000',
    'line_items[0][price_data][product_data][name]': 'Faster song review',
    'line_items[0][quantity]': '3',
    'metadata[packageSize]': '3',
  });
  expect(form['line_items[0][price]']).toBeUndefined();
});

test("Stripe's refusal reaches the caller as an error, not as a checkout", async () => {
  const payments = createStripePayments({ ...stripeConfig, priceIds: ['price_gone', 'price_gone', 'price_gone', 'price_gone'] }, stripe);
  await expect(
    payments.createCheckout({
      orderId: 'o',
      packageSize: 1,
      songPriceCents: 2500,
      fastReview: false,
      creditCents: 0,
      customerEmail: 'w@example.test',
      successUrl: 'https://x.example/ok',
      cancelUrl: 'https://x.example/no',
    }),
  ).rejects.toThrow(/No such price: price_gone/);
});
