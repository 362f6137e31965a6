import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '../../../../common/responses';
import type { OrderPaymentStatus } from '../../../../common/constants';
import type { CustomersQuery } from '../../../../common/schemas/admin-ops';
import { api } from '../../../lib/api';

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMERS_KEY = ['admin', 'customers'] as const;

/** A row of GET /api/admin/customers: a songwriter with paid orders. Money in cents, dates ISO. */
export interface CustomerRow {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  orderCount: number;
  totalSpentCents: number;
  songsOwed: number;
  lastOrderAt: string;
  needsService: boolean;
}

/** A row of GET /api/admin/customers/:userId/orders, newest first. */
export interface CustomerOrder {
  id: string;
  packageSize: number;
  songsSubmitted: number;
  paymentStatus: OrderPaymentStatus;
  amountPaidCents: number;
  createdAt: string;
  pendingReviews: number;
}

export const customersQuery = (query: CustomersQuery) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, query],
    queryFn: ({ signal }) =>
      api<Paged<CustomerRow>>('/api/admin/customers', {
        query: {
          q: query.q,
          needsService: query.needsService,
          packageSize: query.packageSize,
          from: query.from,
          to: query.to,
          page: query.page,
          pageSize: query.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const customerOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'orders', userId],
    queryFn: ({ signal }) => api<CustomerOrder[]>(`/api/admin/customers/${encodeURIComponent(userId)}/orders`, { signal }),
  });
