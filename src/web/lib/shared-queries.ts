import { queryOptions } from '@tanstack/react-query';
import type { PreviewActivity } from '../../common/responses';
import { api } from './api';

/**
 * Queries more than one feature reads; a feature's own queries live in its *-api.ts. The preview activity
 * (preview users and song listening) is the preview access admin page's, and the pitch activity page's filter
 * lists its users.
 */
export const PREVIEW_ACTIVITY_KEY = ['admin', 'preview-activity'] as const;

export const previewActivityQuery = queryOptions({
  queryKey: PREVIEW_ACTIVITY_KEY,
  queryFn: ({ signal }) => api<PreviewActivity>('/api/admin/preview-activity', { signal }),
});
