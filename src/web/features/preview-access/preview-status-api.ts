import { queryOptions } from '@tanstack/react-query';
import type { MyPreviewRequest } from '../../../common/responses';
import { api } from '../../lib/api';

/** Invalidated by the request form after a signed-in user asks for access. */
export const MY_PREVIEW_REQUEST_KEY = ['preview-requests', 'mine'] as const;

export const myPreviewRequestQuery = queryOptions({
  queryKey: MY_PREVIEW_REQUEST_KEY,
  queryFn: ({ signal }) => api<MyPreviewRequest>('/api/preview-requests/mine', { signal }),
});
