import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../../common/constants';
import * as MESSAGES from '../../../../common/messages';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { outboxListQuery } from './outbox-api';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { OutboxTable } from './outbox-table';
import { SITE_NAME } from '../../../lib/site-name';

const isOutboxStatus = (value: string | null): value is OutboxStatus => OUTBOX_STATUSES.some((s) => s === value);

/** Page and filter live in the URL so a reload or a shared link shows the same list. */
export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const statusParam = params.get('status');
  const status = isOutboxStatus(statusParam) ? statusParam : undefined;
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(outboxListQuery(page, status));

  const update = (next: { page?: number; status?: OutboxStatus | undefined }) => {
    const p = new URLSearchParams(params);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) p.set('page', String(nextPage));
    else p.delete('page');
    const nextStatus = 'status' in next ? next.status : status;
    if (nextStatus) p.set('status', nextStatus);
    else p.delete('status');
    setParams(p);
  };

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div>
      <PageMeta title="Outbox" description={`E-mails sent by ${SITE_NAME} and their delivery status.`} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Outbox</h1>
          <p className="mt-1 text-muted-foreground">
            Every e-mail the site sends{list.data ? ` (${list.data.total} ${list.data.total === 1 ? 'e-mail' : 'e-mails'})` : ''}.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="outbox-status">Status</Label>
          <NativeSelect
            id="outbox-status"
            className="w-40"
            value={status ?? ''}
            onChange={(event) => update({ status: isOutboxStatus(event.target.value) ? event.target.value : undefined })}
          >
            <option value="">All</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0).toUpperCase() + s.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <PageSpinner label="Loading e-mails" />
        ) : list.isError ? (
          <ErrorState title={MESSAGES.outbox.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center text-muted-foreground">
            <Inbox aria-hidden="true" className="size-10" />
            <p>{status ? MESSAGES.outbox.emptyForStatus : MESSAGES.outbox.empty}</p>
            {page > 1 && (
              // A bookmarked page past the end: the list got shorter since.
              <Button variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                Go to the first page
              </Button>
            )}
          </div>
        ) : (
          <>
            <OutboxTable rows={list.data.rows} onOpen={setOpenId} />
            <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Page {page} of {totalPages}
              </p>
              <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => update({ page: page + 1 })}>
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          </>
        )}
      </div>

      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
