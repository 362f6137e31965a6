import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import type { AdminPreviewRequest } from '../../../../common/api-types';
import * as MESSAGES from '../../../../common/messages';
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

const isFilter = (value: string | null): value is RequestFilter => REQUEST_FILTERS.some((f) => f === value);

/** /admin/preview-requests: every request, newest first. Status, search and page live in the URL. */
export function PreviewRequestsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: RequestFilter = isFilter(statusParam) ? statusParam : 'all';
  const q = params.get('q')?.trim().slice(0, 100) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(previewRequestsQuery({ status, q, page }));
  const [confirming, setConfirming] = useState<{ request: AdminPreviewRequest; action: 'reject' | 'revoke' } | null>(null);

  const update = (next: { status?: RequestFilter; q?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    const nextStatus = next.status ?? status;
    if (nextStatus === 'all') p.delete('status');
    else p.set('status', nextStatus);
    const nextQ = next.q ?? q;
    if (nextQ) p.set('q', nextQ);
    else p.delete('q');
    const nextPage = next.page ?? 1;
    if (nextPage > 1) p.set('page', String(nextPage));
    else p.delete('page');
    // Typing in the search box replaces the history entry instead of adding one per pause.
    setParams(p, { replace: next.q !== undefined });
  };

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
            onChange={(next) => update({ q: next })}
            searchLabel="Search preview requests"
            placeholder="Name, company or email"
          />
          <FormField label="Status" className="sm:w-40">
            <NativeSelect value={status} onChange={(event) => update({ status: isFilter(event.target.value) ? event.target.value : 'all' })}>
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
              <Button variant="outline" size="sm" onClick={() => update({ status: 'all', q: '' })}>
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
            <ul aria-label="Preview requests" aria-busy={list.isPlaceholderData || undefined} className={`grid grid-cols-1 gap-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
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
