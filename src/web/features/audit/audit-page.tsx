import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_KINDS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { AuditQuerySchema } from '../../../common/schemas/audit';
import { PageMeta } from '../../components/page-meta';
import { PagedList } from '../../components/paged-list';
import { SearchField } from '../../components/search-field';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useListSearch } from '../../lib/search-params';
import { AUDIT_PAGE_SIZE, auditQuery } from './audit-api';
import { AuditTable } from './audit-table';

const m = MESSAGES.audit;
const CLEARED = { action: undefined, admin: undefined, subjectKind: undefined, subject: undefined, from: undefined, to: undefined };

/** /admin/audit: every admin action that changed someone else's data, newest first. Filters and page live in the URL. */
export function AuditPage() {
  const [filters, update] = useListSearch(AuditQuerySchema);
  const query = { ...filters, pageSize: AUDIT_PAGE_SIZE };
  const list = useQuery(auditQuery(query));

  const filtered = Boolean(query.action || query.admin || query.subjectKind || query.subject || query.from || query.to);
  const datesReversed = Boolean(query.from && query.to && query.from > query.to);
  const total = list.data?.total;
  const admins = list.data?.admins ?? [];

  return (
    <div>
      <PageMeta title="Audit trail" description="Which admin approved, revoked, reset or deleted what, and when." />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Audit trail</h1>
        {total !== undefined && (
          <Badge variant="secondary" className="text-sm">
            {list.data?.totalCapped ? 'More than ' : ''}
            {total.toLocaleString('en-US')} {total === 1 ? 'action' : 'actions'}
            {filtered ? ' found' : ''}
          </Badge>
        )}
      </div>
      <p className="mt-1 text-muted-foreground">
        Every admin action that changed someone else’s data, newest first, with each field’s value before and after. The trail cannot be
        edited.
      </p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3 xl:items-end">
        <FormField label="Action">
          <NativeSelect value={query.action ?? ''} onChange={(event) => update({ action: event.target.value })}>
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {m.actions[action]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Admin">
          <NativeSelect value={query.admin ?? ''} onChange={(event) => update({ admin: event.target.value })}>
            <option value="">Every admin</option>
            {/* A filter from a shared link stays selectable even before the list names it. */}
            {[...new Set([...admins, ...(query.admin ? [query.admin] : [])])].map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Record type">
          <NativeSelect value={query.subjectKind ?? ''} onChange={(event) => update({ subjectKind: event.target.value })}>
            <option value="">Every kind</option>
            {AUDIT_SUBJECT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {m.subjectKinds[kind]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <SearchField
          className="w-full"
          label="Record"
          searchLabel="Search the audit trail"
          placeholder="E-mail, title or id"
          value={query.subject ?? ''}
          onChange={(subject) => update({ subject }, true)}
        />
        <FormField label="From">
          <Input type="date" value={query.from ?? ''} max={query.to} onChange={(event) => update({ from: event.target.value })} />
        </FormField>
        <FormField label="To">
          <Input type="date" value={query.to ?? ''} min={query.from} onChange={(event) => update({ to: event.target.value })} />
        </FormField>
        {filtered && (
          <Button variant="ghost" className="justify-self-start" onClick={() => update(CLEARED)}>
            Clear filters
          </Button>
        )}
      </div>
      {datesReversed && (
        <Alert role="alert" className="mt-4">
          {m.datesReversed}
        </Alert>
      )}

      <div className="mt-6">
        <PagedList
          list={list}
          page={query.page}
          onPage={(page) => update({ page })}
          loadingLabel="Loading the audit trail…"
          errorTitle={m.loadFailed}
          empty={{ icon: ScrollText, message: filtered ? m.emptyFiltered : m.empty }}
          filtered={filtered}
          onClearFilters={() => update(CLEARED)}
        >
          {(rows, busy) => <AuditTable rows={rows} busy={busy} />}
        </PagedList>
      </div>
    </div>
  );
}
