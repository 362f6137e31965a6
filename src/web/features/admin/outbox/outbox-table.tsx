import type { OutboxListItem } from '../../../../common/api-types';
import { formatDateTime } from '../../../lib/format';
import { OutboxStatusBadge } from './outbox-status-badge';
import { TableScroll } from '../../../components/table-scroll';

/** One row per e-mail; the subject is a button (keyboard users) and the whole row is clickable (mouse users). */
export function OutboxTable({ rows, onOpen }: { rows: OutboxListItem[]; onOpen: (id: string) => void }) {
  return (
    <TableScroll label="E-mails, newest first" className="rounded-xl border border-border bg-card">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">E-mails, newest first</caption>
        <thead className="border-b border-border bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Created</th>
            <th scope="col" className="px-4 py-3 font-medium">To</th>
            <th scope="col" className="px-4 py-3 font-medium">Subject</th>
            <th scope="col" className="px-4 py-3 font-medium">Kind</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">Attempts</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </TableScroll>
  );
}
