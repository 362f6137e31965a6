import { Hono } from 'hono';
import * as MESSAGES from '../../../common/messages';
import { StripeWebhookReceiptSchema, TestCheckoutPaidSchema, TestCheckoutSessionSchema } from '../../../common/responses/orders';
import { CheckoutSessionParamSchema as SessionParamSchema } from '../../../common/schemas/songwriters';
import type { PaymentProvider } from '../../adapters/payments';
import { parseStripeWebhook } from '../../adapters/payments/stripe-payments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EmailContext } from '../../emails/layout';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../lib/hono-env';
import { requestLog } from '../../lib/request-log';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { fulfilCheckout, getTestCheckout, payTestCheckout } from './fulfilment.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/test-checkout: the built-in checkout, only when Stripe is not configured. */
export function testCheckoutRoutes(db: Db, payments: PaymentProvider, emailCtx: EmailContext) {
  return new Hono<AppEnv>()
    .use('*', async (_c, next) => {
      if (payments.kind !== 'test') throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
      await next();
    })
    .get(
      '/:sessionId',
      endpoint({ access: 'test-checkout', summary: 'The built-in test checkout page data' }),
      validate('param', SessionParamSchema),
      responds(TestCheckoutSessionSchema),
      async (c) => c.var.reply(await getTestCheckout({ db, actor: actorOf(c), sessionId: c.req.valid('param').sessionId })),
    )
    .post(
      '/:sessionId/pay',
      endpoint({ access: 'test-checkout', summary: 'Pay on the built-in test checkout' }),
      validate('param', SessionParamSchema),
      responds(TestCheckoutPaidSchema),
      async (c) => c.var.reply(await payTestCheckout({ db, actor: actorOf(c), sessionId: c.req.valid('param').sessionId, emailCtx })),
    );
}

/** POST /api/payments/stripe/webhook: fulfilment only from a delivery whose signature checks out. */
export function stripeWebhookRoutes(db: Db, config: Config, emailCtx: EmailContext) {
  return new Hono<AppEnv>().post(
    '/webhook',
    endpoint({
      access: 'webhook',
      summary: 'Stripe checkout.session.completed events',
      rawBody: { mediaType: 'application/json', description: 'The event exactly as Stripe signed it (Stripe-Signature header).' },
    }),
    responds(StripeWebhookReceiptSchema),
    async (c) => {
      if (!config.stripe) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
      const signature = c.req.header('stripe-signature');
      if (!signature) throw new AppError('INVALID', 'Missing Stripe-Signature header');
      const rawBody = await c.req.text();
      let checkout;
      try {
        checkout = parseStripeWebhook(config.stripe, rawBody, signature);
      } catch {
        throw new AppError('INVALID', 'Invalid webhook signature');
      }
      if (!checkout) return c.var.reply({ received: true, ignored: true });
      const outcome = await fulfilCheckout({ db, checkout, emailCtx });
      requestLog(c).info({ eventId: checkout.eventId, sessionId: checkout.sessionId, outcome }, 'stripe checkout fulfilment');
      return c.var.reply({ received: true, outcome });
    },
  );
}
