import { Check, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminCommentItem } from '../../../../common/api-types';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { InlineSpinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { TableScroll } from '../../../components/table-scroll';

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
    <TableScroll label="Comments, newest first" className="rounded-xl border border-border bg-card">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Comments, newest first</caption>
        <thead className="border-b border-border bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Song</th>
            <th scope="col" className="px-4 py-3 font-medium">Name</th>
            <th scope="col" className="px-4 py-3 font-medium">Email</th>
            <th scope="col" className="px-4 py-3 font-medium">Comment</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className="px-4 py-3 font-medium">Date</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </TableScroll>
  );
}
