import { queryOptions } from '@tanstack/react-query';
import type { OrderPaymentStatus } from '../../../common/constants';
import { api } from '../../lib/api';

/** GET /api/test-checkout/:sessionId: the order behind a session of the built-in test checkout. */
export interface TestCheckoutSession {
  sessionId: string;
  orderId: string;
  packageSize: number;
  amountCents: number;
  paymentStatus: OrderPaymentStatus;
  customerEmail: string | null;
}

export const testCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['test-checkout', sessionId],
    queryFn: ({ signal }) => api<TestCheckoutSession>(`/api/test-checkout/${encodeURIComponent(sessionId)}`, { signal }),
  });

/** The Pay button: the server confirms the payment as a provider's webhook would, and says where to go next. */
export const payTestCheckout = (sessionId: string) =>
  api<{ redirectTo: string }>(`/api/test-checkout/${encodeURIComponent(sessionId)}/pay`, { method: 'POST' });
