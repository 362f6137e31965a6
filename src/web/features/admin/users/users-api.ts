import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUserPage } from '../../../../common/responses/admin';
import type { AllUsersQuery } from '../../../../common/schemas/admin-ops';
import { api } from '../../../lib/api';

export type { AdminUserRow } from '../../../../common/responses/admin';

export const USERS_PAGE_SIZE = 25;
export const USERS_KEY = ['admin', 'users'] as const;

export const allUsersQuery = (query: AllUsersQuery) =>
  queryOptions({
    queryKey: [...USERS_KEY, query],
    queryFn: ({ signal }) =>
      api<AdminUserPage>('/api/admin/users', {
        query: { q: query.q, role: query.role, badge: query.badge, page: query.page, pageSize: query.pageSize },
        signal,
      }),
    // Keep the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
