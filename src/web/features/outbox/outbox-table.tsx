import type { OutboxListItem } from '../../../common/responses';
import { formatDateTime } from '../../lib/format';
import { OutboxStatusBadge } from './outbox-status-badge';
import { DataTable } from '../../components/data-table';

/** One row per e-mail; the subject is a button (keyboard users) and the whole row is clickable (mouse users). */
export function OutboxTable({ rows, onOpen }: { rows: OutboxListItem[]; onOpen: (id: string) => void }) {
  return (
    <DataTable
      label="Emails, newest first"
      caption="Emails, newest first"
      tableClassName="min-w-[720px]"
      columns={['Created', 'To', 'Subject', 'Kind', 'Status', { label: 'Attempts', numeric: true }]}
    >
      {rows.map((row) => (
        <tr key={row.id} onClick={() => onOpen(row.id)} className="cursor-pointer border-b border-border last:border-0 hover:bg-muted">
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDateTime(row.createdAt)}</td>
          <td className="px-4 py-3">{row.to}</td>
          <td className="px-4 py-3">
            <button
              type="button"
              className="rounded-sm text-left font-medium text-primary hover:underline"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(row.id);
              }}
            >
              {row.subject}
            </button>
          </td>
          <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">{row.kind}</td>
          <td className="px-4 py-3">
            <OutboxStatusBadge status={row.status} />
          </td>
          <td className="px-4 py-3 text-right tabular-nums">{row.attempts}</td>
        </tr>
      ))}
    </DataTable>
  );
}
