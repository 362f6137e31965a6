import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface DashboardStats {
  totalUsers: number;
  totalSongs: number;
  activeSongs: number;
  totalCustomers: number;
  needService: number;
  previewUsers: number;
  activeThisWeek: number;
  pendingComments: number;
}

/** One day of GET /api/admin/dashboard's playsPerDay: 30 days, oldest first, days without plays included. */
export interface DayPlays {
  day: string;
  plays: number;
}

export interface PendingReviewItem {
  id: string;
  songTitle: string;
  createdAt: string;
  songwriterEmail: string;
}

export interface DashboardResponse {
  stats: DashboardStats;
  playsPerDay: DayPlays[];
  pendingReviews: PendingReviewItem[];
}

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

export const dashboardQuery = queryOptions({
  queryKey: DASHBOARD_KEY,
  queryFn: ({ signal }) => api<DashboardResponse>('/api/admin/dashboard', { signal }),
});
