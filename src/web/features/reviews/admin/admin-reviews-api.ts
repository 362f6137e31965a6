import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '../../../../common/responses';
import type { ReviewListTab, ReviewStatus } from '../../../../common/constants';
import type { SavedQuestionnaire } from '../../../../common/schemas/songwriters';
import type { ConversationMessage } from '../conversation';
import type { SubmissionFields } from '../submission-details';
import { api } from '../../../lib/api';
import { ADMIN_REVIEWS_KEY } from '../../../lib/query-keys';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** A row of GET /api/admin/reviews; dates are ISO strings. */
export interface AdminReviewRow {
  id: string;
  songTitle: string;
  songNumber: number;
  status: ReviewStatus;
  createdAt: string;
  reviewedAt: string | null;
  songwriterName: string;
  songwriterEmail: string;
  unreadMessages: number;
}

export interface SongwriterProfileDetails {
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  streetAddress: string | null;
  city: string | null;
  stateProvince: string | null;
  zip: string | null;
  country: string | null;
}

/** GET /api/admin/reviews/:id. `adminReview` is the draft or the sent review. */
export interface AdminReview extends SubmissionFields {
  id: string;
  orderId: string;
  songNumber: number;
  status: ReviewStatus;
  adminReview: string | null;
  reviewedAt: string | null;
  createdAt: string;
  songwriter: { email: string | null; profile: SongwriterProfileDetails | null; questionnaire: SavedQuestionnaire | null };
  messages: ConversationMessage[];
}

/** The unread count (and the open conversation) are read again every 30 s. */
export const REVIEWS_REFETCH_MS = 30_000;

const LIST_KEY = [...ADMIN_REVIEWS_KEY, 'list'] as const;
const UNREAD_KEY = [...ADMIN_REVIEWS_KEY, 'unread-count'] as const;

export const adminReviewListQuery = (tab: ReviewListTab, q: string, page: number) =>
  queryOptions({
    queryKey: [...LIST_KEY, { tab, q, page }],
    queryFn: ({ signal }) =>
      api<Paged<AdminReviewRow>>('/api/admin/reviews', {
        query: { tab, q: q || undefined, page, pageSize: ADMIN_REVIEWS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The red badge of the sidebar: messages from songwriters no admin has opened yet. */
export const unreadReviewMessagesQuery = queryOptions({
  queryKey: UNREAD_KEY,
  queryFn: ({ signal }) => api<{ unread: number }>('/api/admin/unread-messages', { signal }),
  refetchInterval: REVIEWS_REFETCH_MS,
});

export const adminReviewQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_REVIEWS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<AdminReview>(`/api/admin/reviews/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: REVIEWS_REFETCH_MS,
  });

const path = (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}`;

export const saveReviewDraft = (id: string, text: string) =>
  api<{ status: ReviewStatus }>(`${path(id)}/draft`, { method: 'PUT', body: { text } });
export const sendReview = (id: string, text: string) => api<{ ok: true }>(`${path(id)}/send`, { method: 'POST', body: { text } });
export const sendAdminReply = (id: string, message: string) =>
  api<{ id: string; createdAt: string }>(`${path(id)}/messages`, { method: 'POST', body: { message } });

/**
 * The list and the sidebar's count, after anything that changes them (opening a review marks its messages
 * read). Not the open review itself: its reads would mark messages read again, and loop.
 */
export function invalidateReviewLists(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: LIST_KEY }), queryClient.invalidateQueries({ queryKey: UNREAD_KEY })]);
}
