import * as MESSAGES from '../../../../common/messages';
import type { PreviewDownload } from '../../../../common/responses';
import { formatDateTime } from '../../../lib/format';

/** Downloads by preview users, newest first: who took which file of which song, and when. */
export function DownloadsList({
  downloads,
  label,
  labelledBy,
}: {
  downloads: PreviewDownload[];
  /** The list's name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
}) {
  return (
    <ul aria-label={label} aria-labelledby={labelledBy} className="divide-y divide-border rounded-xl border border-border bg-card">
      {downloads.map((d) => (
        <li key={d.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="min-w-0 break-words">
            <span className="font-medium">{d.userName || d.userEmail}</span>
            <span className="text-muted-foreground"> {MESSAGES.downloads.downloaded(d.kind)} </span>
            <span className="font-medium">{d.songTitle}</span>
          </p>
          <time dateTime={d.downloadedAt} className="whitespace-nowrap text-sm text-muted-foreground">
            {formatDateTime(d.downloadedAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
