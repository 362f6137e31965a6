import Stripe from 'stripe';
import { PACKAGE_SIZES, type PackageSize } from '../../../common/constants';
import type { Config } from '../../config';
import type { CompletedCheckout, PaymentProvider } from './payments';

type StripeConfig = NonNullable<Config['stripe']>;

export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, { maxNetworkRetries: 2 });
}

export function createStripePayments(config: StripeConfig, stripe = createStripeClient(config)): PaymentProvider {
  return {
    kind: 'stripe',
    async createCheckout({ orderId, packageSize, songPriceCents, fastReview, creditCents, customerEmail, successUrl, cancelUrl }) {
      // Credit is a one-off coupon on the package's own price, so Stripe's receipt shows the price and the credit.
      const coupon =
        creditCents > 0
          ? await stripe.coupons.create({
              amount_off: creditCents,
              currency: 'usd',
              duration: 'once',
              max_redemptions: 1,
              name: 'Review fee credit',
              metadata: { orderId },
            })
          : null;
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        // The faster review's price is the admin's setting of the moment, so it is given here, not as a Price.
        line_items: fastReview
          ? [
              {
                price_data: { currency: 'usd', unit_amount: songPriceCents, product_data: { name: 'Faster song review' } },
                quantity: packageSize,
              },
            ]
          : [{ price: config.priceIds[packageSize - 1], quantity: 1 }],
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        customer_email: customerEmail,
        client_reference_id: orderId,
        metadata: { orderId, packageSize: String(packageSize) },
        success_url: `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      try {
        return (await stripe.checkout.sessions.expire(sessionId)).status === 'expired';
      } catch (error) {
        // Only an open session can be expired: Stripe answers 400 for one completed or expired already, so
        // its status says which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return (await stripe.checkout.sessions.retrieve(sessionId)).status === 'expired';
      }
    },
  };
}

function packageSizeOf(session: Stripe.Checkout.Session, priceIds: readonly string[]): PackageSize | null {
  const fromMetadata = Number(session.metadata?.packageSize);
  if ((PACKAGE_SIZES as readonly number[]).includes(fromMetadata)) return fromMetadata as PackageSize;
  const priceId = session.line_items?.data[0]?.price?.id;
  const index = priceId ? priceIds.indexOf(priceId) : -1;
  return index >= 0 ? ((index + 1) as PackageSize) : null;
}

/**
 * Verifies a webhook delivery's signature (throws on a bad one) and returns the completed checkout it
 * reports, or null for event types we do not act on.
 */
export function parseStripeWebhook(
  config: StripeConfig,
  rawBody: string,
  signature: string,
  stripe = createStripeClient(config),
): CompletedCheckout | null {
  const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
  const session = event.data.object;
  return {
    provider: 'stripe',
    eventId: event.id,
    sessionId: session.id,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountTotalCents: session.amount_total ?? 0,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
    orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
    packageSize: packageSizeOf(session, config.priceIds),
  };
}
