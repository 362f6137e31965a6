import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../../common/responses/common';
import type { ReviewListTab } from '../../../../common/constants';
import type {
  AdminReview,
  AdminReviewPage,
  PostedReviewMessage,
  SavedReviewDraft,
  UnreadMessageCount,
} from '../../../../common/responses/reviews';
import { api } from '../../../lib/api';
import { ADMIN_REVIEWS_KEY } from '../../../lib/query-keys';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export type { AdminReview, AdminReviewRow, SongwriterProfileDetails } from '../../../../common/responses/reviews';

/** The unread count (and the open conversation) are read again every 30 s. */
export const REVIEWS_REFETCH_MS = 30_000;

const LIST_KEY = [...ADMIN_REVIEWS_KEY, 'list'] as const;
const UNREAD_KEY = [...ADMIN_REVIEWS_KEY, 'unread-count'] as const;

export const adminReviewListQuery = (tab: ReviewListTab, q: string, page: number) =>
  queryOptions({
    queryKey: [...LIST_KEY, { tab, q, page }],
    queryFn: ({ signal }) =>
      api<AdminReviewPage>('/api/admin/reviews', {
        query: { tab, q: q || undefined, page, pageSize: ADMIN_REVIEWS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The red badge of the sidebar: messages from songwriters no admin has opened yet. */
export const unreadReviewMessagesQuery = queryOptions({
  queryKey: UNREAD_KEY,
  queryFn: ({ signal }) => api<UnreadMessageCount>('/api/admin/unread-messages', { signal }),
  refetchInterval: REVIEWS_REFETCH_MS,
});

export const adminReviewQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_REVIEWS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<AdminReview>(`/api/admin/reviews/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: REVIEWS_REFETCH_MS,
  });

const path = (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}`;

/** The review form's values: the text, the rubric (a draft's may be partial) and the verdict. */
type ReviewBody = { text: string; scores: Record<string, { score: number | null; reason: string }>; verdict: string | null };

export const saveReviewDraft = (id: string, body: ReviewBody) => api<SavedReviewDraft>(`${path(id)}/draft`, { method: 'PUT', body });
export const sendReview = (id: string, body: ReviewBody) => api<Ok>(`${path(id)}/send`, { method: 'POST', body });
export const sendAdminReply = (id: string, message: string) =>
  api<PostedReviewMessage>(`${path(id)}/messages`, { method: 'POST', body: { message } });

/**
 * The list and the sidebar's count, after anything that changes them (opening a review marks its messages
 * read). Not the open review itself: its reads would mark messages read again, and loop.
 */
export function invalidateReviewLists(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: LIST_KEY }), queryClient.invalidateQueries({ queryKey: UNREAD_KEY })]);
}
