import { randomBytes } from 'node:crypto';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import type { PaymentProvider } from './payments';

/**
 * The built-in test checkout: a page of our own, clearly marked as a test, whose Pay button asks the
 * server to confirm the payment; the server then fulfils through the same code as Stripe's webhook.
 */
export function createTestPayments(): PaymentProvider {
  return {
    kind: 'test',
    async createCheckout() {
      const sessionId = `test_cs_${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: pathTo(PAGE_PATHS.testCheckout, { sessionId }) };
    },
    // The test checkout reads the order's state: a cancelled order's page refuses to pay by itself.
    async expireCheckout() {
      return true;
    },
  };
}
