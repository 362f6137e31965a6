import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { OUTBOX_STATUSES } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { OutboxQuerySchema } from '../../../common/schemas/admin';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { PageMeta } from '../../components/page-meta';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { useListSearch } from '../../lib/search-params';
import { outboxListQuery } from './outbox-api';
import { OutboxHoldNotice } from './outbox-hold-notice';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { OutboxTable } from './outbox-table';
import { SITE_NAME } from '../../lib/site-name';

/** Page and filter live in the URL so a reload or a shared link shows the same list. */
export function OutboxPage() {
  const [{ page, status }, update] = useListSearch(OutboxQuerySchema);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(outboxListQuery(page, status));

  return (
    <div>
      <PageMeta title="Outbox" description={`Emails sent by ${SITE_NAME} and their delivery status.`} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Outbox</h1>
          <p className="mt-1 text-muted-foreground">
            Every email the site sends{list.data ? ` (${list.data.total} ${list.data.total === 1 ? 'email' : 'emails'})` : ''}.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="outbox-status">Status</Label>
          <NativeSelect
            id="outbox-status"
            className="w-40"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value })}
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

      <OutboxHoldNotice />

      <div className="mt-6">
        <QueryState
          query={list}
          pending={<PageSpinner label="Loading emails" />}
          errorTitle={MESSAGES.outbox.loadFailed}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <EmptyState icon={Inbox} message={status ? MESSAGES.outbox.emptyForStatus : MESSAGES.outbox.empty}>
              {page > 1 && (
                // A bookmarked page past the end: the list got shorter since.
                <Button variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                  Go to the first page
                </Button>
              )}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <OutboxTable rows={data.rows} onOpen={setOpenId} />
              <Pagination page={page} total={data.total} pageSize={data.pageSize} onPage={(p) => update({ page: p })} />
            </>
          )}
        </QueryState>
      </div>

      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
