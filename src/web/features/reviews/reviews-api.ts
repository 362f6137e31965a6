import { queryOptions } from '@tanstack/react-query';
import type { PostedReviewMessage, SongwriterReview } from '../../../common/responses/reviews';
import { api } from '../../lib/api';

export type { SongwriterReview } from '../../../common/responses/reviews';

/** The conversation is read again every 30 s. */
export const CONVERSATION_REFETCH_MS = 30_000;

export const songwriterReviewQuery = (reviewId: string) =>
  queryOptions({
    queryKey: ['songwriter', 'review', reviewId],
    queryFn: ({ signal }) => api<SongwriterReview>(`/api/reviews/${encodeURIComponent(reviewId)}`, { signal }),
    refetchInterval: CONVERSATION_REFETCH_MS,
  });

export const sendSongwriterReply = (reviewId: string, message: string) =>
  api<PostedReviewMessage>(`/api/reviews/${encodeURIComponent(reviewId)}/messages`, { method: 'POST', body: { message } });
