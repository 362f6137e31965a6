import type { AuditEvent } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { DataTable } from '../../components/data-table';
import { EmailText } from '../../components/email-text';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';

const m = MESSAGES.audit;
/** Long values (a review's text) are cut in the list; the whole value stays in the trail. */
const VALUE_MAX = 160;

/** `revokedAt` → "revoked at". */
const fieldName = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX)}…` : text;
}

/** Each changed field: its name, the value before (struck through) and after. */
function Changes({ changes }: { changes: AuditEvent['changes'] }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid gap-1">
      {entries.map(([field, { before, after }]) => (
        <div key={field} className="break-words">
          <dt className="inline font-medium">{fieldName(field)}: </dt>
          <dd className="inline">
            <span className="sr-only">from </span>
            <del className="text-muted-foreground">{formatValue(before)}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> to </span>
            <ins className="no-underline">{formatValue(after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const CELL = 'px-4 py-3 align-top';

/** One row per admin action, newest first. */
export function AuditTable({ rows, busy }: { rows: AuditEvent[]; busy: boolean }) {
  return (
    <DataTable
      label="Admin actions, newest first"
      caption="Admin actions, newest first"
      className={cn(busy && 'opacity-60')}
      tableClassName="min-w-[900px]"
      columns={['When', 'Admin', 'Action', 'Record', 'Changes']}
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-b border-border last:border-0">
          <td className={cn(CELL, 'whitespace-nowrap text-muted-foreground')}>{formatDateTime(row.createdAt)}</td>
          <td className={CELL}>
            <EmailText email={row.actorEmail} />
          </td>
          <td className={cn(CELL, 'whitespace-nowrap font-medium')}>{m.actions[row.action]}</td>
          <td className={cn(CELL, 'max-w-xs')}>
            <div>{row.summary}</div>
            <div className="text-xs text-muted-foreground">
              {m.subjectKinds[row.subjectKind]} <span className="font-mono">{row.subjectId}</span>
            </div>
          </td>
          <td className={cn(CELL, 'max-w-md')}>
            <Changes changes={row.changes} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
