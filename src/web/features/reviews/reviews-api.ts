import { queryOptions } from '@tanstack/react-query';
import type { PostedReviewMessage, ReviewRating, SongwriterReview } from '../../../common/responses/reviews';
import type { ReviewRatingInput } from '../../../common/schemas/reviews';
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

export const rateReview = (reviewId: string, body: ReviewRatingInput) =>
  api<ReviewRating>(`/api/reviews/${encodeURIComponent(reviewId)}/rating`, { method: 'POST', body });
