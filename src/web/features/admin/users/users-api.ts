import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '../../../../common/responses';
import type { Role } from '../../../../common/constants';
import type { AllUsersQuery, UserBadge } from '../../../../common/schemas/admin-ops';
import { api } from '../../../lib/api';

export const USERS_PAGE_SIZE = 25;
export const USERS_KEY = ['admin', 'users'] as const;

/** A row of GET /api/admin/users (get_all_users_admin); dates are ISO strings, money in cents. */
export interface AdminUserRow {
  userId: string;
  email: string;
  emailConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  orderCount: number;
  totalSpentCents: number;
  roles: Role[];
  createdAt: string;
  lastSignInAt: string | null;
  badge: UserBadge;
  label: string;
}

export const allUsersQuery = (query: AllUsersQuery) =>
  queryOptions({
    queryKey: [...USERS_KEY, query],
    queryFn: ({ signal }) =>
      api<Paged<AdminUserRow>>('/api/admin/users', {
        query: { q: query.q, role: query.role, badge: query.badge, page: query.page, pageSize: query.pageSize },
        signal,
      }),
    // Keep the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
