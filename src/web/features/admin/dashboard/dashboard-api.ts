import { queryOptions } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../common/responses/admin';
import { api } from '../../../lib/api';

export type { DashboardStats, DayPlays, PendingReviewItem, ReviewRatingSummary } from '../../../../common/responses/admin';

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

export const dashboardQuery = queryOptions({
  queryKey: DASHBOARD_KEY,
  queryFn: ({ signal }) => api<AdminDashboard>('/api/admin/dashboard', { signal }),
});
