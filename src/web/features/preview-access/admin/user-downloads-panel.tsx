import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../../common/messages';
import { QueryState } from '../../../components/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { userDownloadsQuery } from './admin-preview-api';
import { DownloadsList } from './downloads-list';

const m = MESSAGES.downloads;

/** The files one preview user has downloaded, newest first, beside their plays. */
export function UserDownloadsPanel({ userId, label }: { userId: string; label: string }) {
  return (
    <section aria-labelledby="user-downloads-title" className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="user-downloads-title" className="break-words text-xl font-semibold">
        {m.userDownloadsHeading(label)}
      </h2>
      <div className="mt-4">
        <QueryState
          query={useQuery(userDownloadsQuery(userId))}
          pending={<Spinner label={m.userDownloadsLoading} className="py-6" />}
          errorTitle={m.userDownloadsLoadFailed}
          isEmpty={(downloads) => downloads.length === 0}
          empty={<p className="py-4 text-sm text-muted-foreground">{m.userDownloadsEmpty}</p>}
        >
          {(downloads) => <DownloadsList labelledBy="user-downloads-title" downloads={downloads} />}
        </QueryState>
      </div>
    </section>
  );
}
