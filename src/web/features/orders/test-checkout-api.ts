import { queryOptions } from '@tanstack/react-query';
import type { TestCheckoutPaid, TestCheckoutSession } from '../../../common/responses/orders';
import { api } from '../../lib/api';

export type { TestCheckoutSession } from '../../../common/responses/orders';

export const testCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['test-checkout', sessionId],
    queryFn: ({ signal }) => api<TestCheckoutSession>(`/api/test-checkout/${encodeURIComponent(sessionId)}`, { signal }),
  });

/** The Pay button: the server confirms the payment as a provider's webhook would, and says where to go next. */
export const payTestCheckout = (sessionId: string) =>
  api<TestCheckoutPaid>(`/api/test-checkout/${encodeURIComponent(sessionId)}/pay`, { method: 'POST' });
