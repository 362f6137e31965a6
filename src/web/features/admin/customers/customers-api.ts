import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerOrder, CustomerPage } from '../../../../common/responses/admin';
import type { CustomersQuery } from '../../../../common/schemas/admin-ops';
import { api } from '../../../lib/api';

export type { CustomerOrder, CustomerRow } from '../../../../common/responses/admin';

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMERS_KEY = ['admin', 'customers'] as const;

export const customersQuery = (query: CustomersQuery) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, query],
    queryFn: ({ signal }) =>
      api<CustomerPage>('/api/admin/customers', {
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
