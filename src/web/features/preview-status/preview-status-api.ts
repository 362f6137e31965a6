import { queryOptions } from '@tanstack/react-query';
import type { PreviewRequestStatus } from '../../../common/constants';
import { api } from '../../lib/api';

/** The signed-in user's newest preview request (GET /api/preview-requests/mine); dates are ISO strings. */
export interface MyPreviewRequest {
  id: string;
  name: string;
  companyName: string;
  email: string;
  proAffiliation: string;
  projectDescription: string;
  status: PreviewRequestStatus;
  createdAt: string;
  reviewedAt: string | null;
  autoApprovedAt: string | null;
  revokedAt: string | null;
}

/** What the user sees: an approved request whose access was taken back is its own state. */
export type PreviewAccessState = PreviewRequestStatus | 'revoked';

export const accessStateOf = (request: Pick<MyPreviewRequest, 'status' | 'revokedAt'>): PreviewAccessState =>
  request.status === 'approved' && request.revokedAt ? 'revoked' : request.status;

/** Invalidated by the request form after a signed-in user asks for access. */
export const MY_PREVIEW_REQUEST_KEY = ['preview-requests', 'mine'] as const;

export const myPreviewRequestQuery = queryOptions({
  queryKey: MY_PREVIEW_REQUEST_KEY,
  queryFn: ({ signal }) => api<{ request: MyPreviewRequest | null }>('/api/preview-requests/mine', { signal }),
});
