import type { Config } from '../../config';
import type { PaymentProvider } from './payments';
import { createStripePayments } from './stripe-payments';
import { createTestPayments } from './test-payments';

export type { CompletedCheckout, NewCheckout, PaymentProvider } from './payments';

export function createPayments(config: Pick<Config, 'stripe'>): PaymentProvider {
  return config.stripe ? createStripePayments(config.stripe) : createTestPayments();
}
