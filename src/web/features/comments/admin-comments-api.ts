import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminCommentItem, Ok, Paged } from '../../../common/responses';
import type { CommentStatusFilter } from '../../../common/constants';
import { api } from '../../lib/api';
import { ADMIN_COMMENTS_KEY, ADMIN_QUEUE_COUNTS_KEY, CATALOGUE_KEY } from '../../lib/query-keys';

export const COMMENTS_PAGE_SIZE = 25;

export const adminCommentsQuery = (status: CommentStatusFilter, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_COMMENTS_KEY, { status, page }],
    queryFn: ({ signal }) =>
      api<Paged<AdminCommentItem>>('/api/admin/comments', { query: { status, page, pageSize: COMMENTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const approveComment = (id: string) =>
  api<Ok>(`/api/admin/comments/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isApproved: true } });

export const deleteComment = (id: string) => api<null>(`/api/admin/comments/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** After moderation: the lists, and the song pages that show approved comments. */
export function invalidateComments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_COMMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_QUEUE_COUNTS_KEY }),
  ]);
}
