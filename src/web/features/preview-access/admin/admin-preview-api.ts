import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminPreviewRequest,
  CreatedPreviewAccount,
  Ok,
  Paged,
  PreviewDownload,
  PreviewUserActivity,
  SongListenDepth,
  SongListening,
  UserPlay,
} from '../../../../common/responses';

export type { PreviewDownload, PreviewUserActivity, SongListenDepth, SongListening, UserPlay };
import { PREVIEW_ACCESS_STATES } from '../../../../common/constants';
import type { CreatePreviewAccountInput } from '../../../../common/schemas/preview-access';
import { api } from '../../../lib/api';
import { PREVIEW_ACTIVITY_KEY, previewActivityQuery } from '../../../lib/shared-queries';
import { ADMIN_QUEUE_COUNTS_KEY } from '../../../lib/query-keys';

export { previewActivityQuery };

export const REQUEST_FILTERS = ['all', ...PREVIEW_ACCESS_STATES] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
export const REQUESTS_PAGE_SIZE = 20;

const REQUESTS_KEY = ['admin', 'preview-requests'] as const;

export const previewRequestsQuery = (filters: { status: RequestFilter; q: string; page: number }) =>
  queryOptions({
    queryKey: [...REQUESTS_KEY, filters],
    queryFn: ({ signal }) =>
      api<Paged<AdminPreviewRequest>>('/api/admin/preview-requests', {
        query: { status: filters.status, q: filters.q || undefined, page: filters.page, pageSize: REQUESTS_PAGE_SIZE },
        signal,
      }),
    // Keep the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const userPlaysQuery = (userId: string) =>
  queryOptions({
    queryKey: [...PREVIEW_ACTIVITY_KEY, 'plays', userId],
    queryFn: ({ signal }) => api<UserPlay[]>(`/api/admin/preview-activity/users/${encodeURIComponent(userId)}/plays`, { signal }),
  });

export const userDownloadsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...PREVIEW_ACTIVITY_KEY, 'downloads', userId],
    queryFn: ({ signal }) =>
      api<PreviewDownload[]>(`/api/admin/preview-activity/users/${encodeURIComponent(userId)}/downloads`, { signal }),
  });

export const songListenDepthQuery = (songId: string) =>
  queryOptions({
    queryKey: [...PREVIEW_ACTIVITY_KEY, 'song', songId],
    queryFn: ({ signal }) => api<SongListenDepth>(`/api/admin/preview-activity/songs/${encodeURIComponent(songId)}`, { signal }),
  });

export type RequestAction = 'approve' | 'reject' | 'revoke';

export const actOnRequest = (id: string, action: RequestAction) =>
  api<Ok>(`/api/admin/preview-requests/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} });

/** Stream only (false) or download allowed, on a user's approved access. */
export const setPreviewDownloads = (accessId: string, downloadAllowed: boolean) =>
  api<Ok>(`/api/admin/preview-requests/${encodeURIComponent(accessId)}/downloads`, { method: 'PUT', body: { downloadAllowed } });

export const createPreviewAccount = (input: CreatePreviewAccountInput) =>
  api<CreatedPreviewAccount>('/api/admin/preview-accounts', { method: 'POST', body: input });

/** Access changed: the request list and the preview users both show it. */
export const invalidatePreviewAdmin = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
    queryClient.invalidateQueries({ queryKey: PREVIEW_ACTIVITY_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_QUEUE_COUNTS_KEY }),
  ]);
