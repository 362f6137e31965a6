import type { PackageSize, PaymentProvider as ProviderKind } from '../../../common/constants';

/** A paid Checkout Session, in the terms fulfilment needs, whichever provider reported it. */
export interface CompletedCheckout {
  provider: ProviderKind;
  /** Unique per delivery source: the provider's event id (idempotency key). */
  eventId: string;
  sessionId: string;
  paid: boolean;
  amountTotalCents: number;
  customerEmail: string | null;
  customerName: string | null;
  /** Our order id, when the session was created by us. */
  orderId: string | null;
  packageSize: PackageSize | null;
}

export interface NewCheckout {
  orderId: string;
  packageSize: PackageSize;
  /** Each song's price: the standard one (the package's Stripe Price), or the faster review's. */
  songPriceCents: number;
  /** The faster review (decision 0095): charged at songPriceCents a song rather than the package's Price. */
  fastReview: boolean;
  /** Account credit taken off the package's list price (0 for none); the checkout charges the rest. */
  creditCents: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** The payment adapter: the built-in test checkout by default, Stripe Checkout when configured. */
export interface PaymentProvider {
  readonly kind: ProviderKind;
  createCheckout(checkout: NewCheckout): Promise<{ sessionId: string; url: string }>;
  /**
   * Closes a checkout so nobody can pay it any more. True when the session is closed unpaid (expired now or
   * before); false when it completed: its payment got through (or is under way) and will be reported.
   */
  expireCheckout(sessionId: string): Promise<boolean>;
}
