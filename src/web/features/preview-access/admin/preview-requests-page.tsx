import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { AdminPreviewRequest } from '../../../../common/responses';
import * as MESSAGES from '../../../../common/messages';
import { PreviewRequestListQuerySchema } from '../../../../common/schemas/preview-access';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useListSearch } from '../../../lib/search-params';
import {
  actOnRequest,
  invalidatePreviewAdmin,
  previewRequestsQuery,
  REQUEST_FILTERS,
  type RequestAction,
  type RequestFilter,
} from './admin-preview-api';
import { RequestCard } from './request-card';
import { SearchField } from '../../../components/search-field';

const m = MESSAGES.previewAccess;
const FILTER_LABELS: Record<RequestFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  revoked: 'Revoked',
};
const DONE: Record<RequestAction, string> = { approve: m.approved, reject: m.rejected, revoke: m.revoked };
const FAILED: Record<RequestAction, string> = { approve: m.approvalFailed, reject: m.rejectionFailed, revoke: m.revokeFailed };

/** /admin/preview-requests: every request, newest first. Status, search and page live in the URL. */
export function PreviewRequestsPage() {
  const queryClient = useQueryClient();
  const [{ status, q = '', page }, update] = useListSearch(PreviewRequestListQuerySchema);
  const list = useQuery(previewRequestsQuery({ status, q, page }));
  const [confirming, setConfirming] = useState<{ request: AdminPreviewRequest; action: 'reject' | 'revoke' } | null>(null);

  const act = useMutation({
    mutationFn: ({ request, action }: { request: AdminPreviewRequest; action: RequestAction }) => actOnRequest(request.id, action),
    onSuccess: (_, { action }) => {
      toast.success(DONE[action]);
      setConfirming(null);
    },
    onError: (error, { action }) =>
      toast.error(FAILED[action], { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected }),
    // A failure may mean the request changed meanwhile (another admin): show it as it is now.
    onSettled: () => invalidatePreviewAdmin(queryClient),
  });

  const onAction = (request: AdminPreviewRequest, action: RequestAction) => {
    if (action === 'approve') act.mutate({ request, action });
    else setConfirming({ request, action });
  };

  const filtered = status !== 'all' || q !== '';
  const busyId = act.isPending ? act.variables.request.id : null;

  return (
    <div>
      <PageMeta title="Preview Requests" description="Review requests for preview access: approve, reject or revoke." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Preview Requests</h1>
          <p className="mt-1 text-muted-foreground">
            Requests for access to the catalogue, newest first
            {list.data ? ` (${list.data.total} ${list.data.total === 1 ? 'request' : 'requests'})` : ''}.
          </p>
        </div>
        <div className="flex w-full flex-col gap-4 sm:w-auto sm:flex-row sm:items-end">
          <SearchField
            value={q}
            onChange={(next) => update({ q: next }, true)}
            searchLabel="Search preview requests"
            placeholder="Name, company or email"
          />
          <FormField label="Status" className="sm:w-40">
            <NativeSelect value={status} onChange={(event) => update({ status: event.target.value })}>
              {REQUEST_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <PageSpinner label="Loading preview requests…" />
        ) : list.isError ? (
          <ErrorState title={m.requestsLoadFailed} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.rows.length === 0 ? (
          <EmptyState icon={ClipboardList} message={filtered ? m.requestsEmptyFiltered : m.requestsEmpty}>
            {filtered ? (
              <Button variant="outline" size="sm" onClick={() => update({ status: undefined, q: undefined })}>
                Clear filters
              </Button>
            ) : page > 1 ? (
              <Button variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                Go to the first page
              </Button>
            ) : null}
          </EmptyState>
        ) : (
          <>
            {/* One column of minmax(0, 1fr): a long unbroken word (an e-mail standing in for a name) wraps in its card instead of widening the page. */}
            <ul
              aria-label="Preview requests"
              aria-busy={list.isPlaceholderData || undefined}
              className={`grid grid-cols-1 gap-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {list.data.rows.map((request) => (
                <li key={request.id}>
                  <RequestCard
                    request={request}
                    busyAction={busyId === request.id ? (act.variables?.action ?? null) : null}
                    onAction={onAction}
                  />
                </li>
              ))}
            </ul>
            <Pagination page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={(p) => update({ page: p })} />
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirming?.action === 'reject'}
        title={m.rejectConfirmTitle}
        description={confirming ? m.rejectConfirm(confirming.request.email) : ''}
        confirmLabel="Reject and block"
        pending={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming?.action === 'revoke'}
        title={m.revokeConfirmTitle}
        description={confirming ? m.revokeConfirm(confirming.request.name) : ''}
        confirmLabel="Revoke access"
        pending={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
    </div>
  );
}
