import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { AdminCommentItem } from '../../../common/responses';
import { COMMENT_STATUS_FILTERS, type CommentStatusFilter } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { AdminCommentListQuerySchema } from '../../../common/schemas/songs';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { PageMeta } from '../../components/page-meta';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { useListSearch } from '../../lib/search-params';
import { adminCommentsQuery, approveComment, deleteComment, invalidateComments } from './admin-comments-api';
import { CommentsTable } from './comments-table';

const LABELS: Record<CommentStatusFilter, string> = { pending: 'Pending', approved: 'Approved', all: 'All' };
const EMPTY: Record<CommentStatusFilter, string> = {
  pending: MESSAGES.songs.commentsEmptyPending,
  approved: MESSAGES.songs.commentsEmptyApproved,
  all: MESSAGES.songs.commentsEmpty,
};

/** "3 pending comments", "1 approved comment", "12 comments" */
function countText(status: CommentStatusFilter, total: number): string {
  const noun = total === 1 ? 'comment' : 'comments';
  return status === 'all' ? `${total} ${noun}` : `${total} ${status} ${noun}`;
}

/** /admin/comments: moderation. Pending first (the default filter); filter and page live in the URL. */
export function AdminCommentsPage() {
  const queryClient = useQueryClient();
  const [{ status, page }, update] = useListSearch(AdminCommentListQuerySchema);
  const list = useQuery(adminCommentsQuery(status, page));
  const [toDelete, setToDelete] = useState<AdminCommentItem | null>(null);

  const approve = useMutation({
    mutationFn: (comment: AdminCommentItem) => approveComment(comment.id),
    onSuccess: () => {
      toast.success(MESSAGES.songs.commentApproved);
      void invalidateComments(queryClient);
    },
    onError: () => toast.error(MESSAGES.songs.commentApproveFailed),
  });

  const remove = useMutation({
    mutationFn: (comment: AdminCommentItem) => deleteComment(comment.id),
    onSuccess: () => {
      toast.success(MESSAGES.songs.commentDeleted);
      setToDelete(null);
      void invalidateComments(queryClient);
    },
    onError: () => toast.error(MESSAGES.songs.commentDeleteFailed),
  });

  return (
    <div>
      <PageMeta title="Manage Comments" description="Approve or delete the comments preview users leave on songs." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Manage Comments</h1>
          <p className="mt-1 text-muted-foreground">
            Comments appear on song pages once approved{list.data ? ` (${countText(status, list.data.total)})` : ''}.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="comment-status">Status</Label>
          <NativeSelect id="comment-status" className="w-40" value={status} onChange={(event) => update({ status: event.target.value })}>
            {COMMENT_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {LABELS[f]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="mt-6">
        <QueryState
          query={list}
          pending={<PageSpinner label="Loading comments…" />}
          errorTitle={MESSAGES.songs.commentsLoadFailed}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <EmptyState icon={MessageSquare} message={EMPTY[status]}>
              {page > 1 && (
                <Button variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                  Go to the first page
                </Button>
              )}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <CommentsTable
                rows={data.rows}
                approvingId={approve.isPending ? (approve.variables?.id ?? null) : null}
                onApprove={(comment) => approve.mutate(comment)}
                onDelete={setToDelete}
              />
              <Pagination page={page} total={data.total} pageSize={data.pageSize} onPage={(p) => update({ page: p })} />
            </>
          )}
        </QueryState>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete comment"
        description={toDelete ? MESSAGES.songs.commentDeleteConfirm(toDelete.name) : ''}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </div>
  );
}
