import { Check, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminCommentItem } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { InlineSpinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { DataTable } from '../../components/data-table';

export function CommentsTable({
  rows,
  approvingId,
  onApprove,
  onDelete,
}: {
  rows: AdminCommentItem[];
  approvingId: string | null;
  onApprove: (comment: AdminCommentItem) => void;
  onDelete: (comment: AdminCommentItem) => void;
}) {
  return (
    <DataTable
      label="Comments, newest first"
      caption="Comments, newest first"
      tableClassName="min-w-[60rem]"
      columns={['Song', 'Name', 'Email', 'Comment', 'Status', 'Date', { label: 'Actions', numeric: true }]}
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-b border-border align-top last:border-0">
          <td className="min-w-40 px-4 py-3">
            <Link to={pathTo(PAGE_PATHS.song, { slug: row.songSlug })} className="link">
              {row.songTitle}
            </Link>
          </td>
          <td className="min-w-32 px-4 py-3 font-medium">{row.name}</td>
          <td className="px-4 py-3">
            <a href={`mailto:${row.email}`} className="whitespace-nowrap hover:underline">
              {row.email}
            </a>
          </td>
          <td className="min-w-64 max-w-md px-4 py-3">
            <p className="whitespace-pre-wrap break-words leading-6">{row.text}</p>
          </td>
          <td className="px-4 py-3">
            <Badge variant={row.isApproved ? 'success' : 'warning'}>{row.isApproved ? 'Approved' : 'Pending'}</Badge>
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
          </td>
          <td className="px-4 py-3">
            <div className="flex justify-end gap-2">
              {!row.isApproved && (
                <Button size="sm" variant="outline" disabled={approvingId === row.id} onClick={() => onApprove(row)}>
                  {approvingId === row.id ? <InlineSpinner /> : <Check aria-hidden="true" />}
                  Approve<span className="sr-only"> the comment by {row.name}</span>
                </Button>
              )}
              <Button size="sm" variant="ghost" className="text-destructive hover:text-destructive" onClick={() => onDelete(row)}>
                <Trash2 aria-hidden="true" />
                Delete<span className="sr-only"> the comment by {row.name}</span>
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
