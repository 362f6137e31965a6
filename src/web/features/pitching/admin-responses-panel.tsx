import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminSongResponse } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { adminPitchLinkPath, adminPreviewUserPath, PAGE_PATHS, pathTo } from '../../../common/routes';
import { QueryState } from '../../components/query-state';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ADMIN_RESPONSES_KEY, adminResponsesQuery, setHoldCompanyShown } from './pitching-api';
import { ResponseBadge } from './response-badge';
import { DataTable } from '../../components/data-table';

/** Admin, on a song's edit page: who holds it (and for what) and who passed, preview users and pitch recipients alike. */
export function SongResponsesPanel({ songId }: { songId: string }) {
  return <ResponsesPanel filter={{ songId }} title="Holds and passes" by="listener" />;
}

/** Admin, beside a preview user's plays: their holds and passes. */
export function ListenerResponsesPanel({ userId, label }: { userId: string; label: string }) {
  return <ResponsesPanel filter={{ userId }} title={`Holds and passes by ${label}`} by="song" />;
}

function ResponsesPanel({
  filter,
  title,
  by,
}: {
  filter: { songId: string } | { userId: string };
  title: string;
  by: 'listener' | 'song';
}) {
  const responses = useQuery(adminResponsesQuery(filter));
  const headingId = `responses-${by}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="break-words text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">
        <QueryState
          query={responses}
          pending={<Spinner label="Loading holds and passes" className="py-6" />}
          errorTitle={MESSAGES.pitching.adminResponsesLoadFailed}
          isEmpty={(rows) => rows.length === 0}
          empty={<p className="py-2 text-sm text-muted-foreground">{MESSAGES.pitching.noResponses}</p>}
        >
          {(rows) => (
            <DataTable
              label="Responses"
              caption={`${title}, newest first`}
              variant="panel"
              tableClassName="min-w-[480px]"
              columns={[by === 'listener' ? 'Listener' : 'Song', 'Answer', 'Note', 'When']}
            >
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-4">{by === 'listener' ? <ListenerCell row={row} /> : <SongCell row={row} />}</td>
                  <td className="py-2 pr-4">
                    <ResponseBadge response={row.response} />
                    {row.pitchedSong && row.response === 'hold' && <CompanyShownToggle row={row} />}
                  </td>
                  <td className="break-words py-2 pr-4">{row.note ?? <span className="text-muted-foreground">—</span>}</td>
                  <td className="whitespace-nowrap py-2">
                    <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </div>
    </section>
  );
}

/** A hold on a songwriter's pitched song: whether the writer's pitch report shows the listener's company. */
function CompanyShownToggle({ row }: { row: AdminSongResponse }) {
  const queryClient = useQueryClient();
  const id = `company-shown-${row.id}`;
  const change = useMutation({
    mutationFn: (shown: boolean) => setHoldCompanyShown(row.id, shown),
    onSuccess: (state) => {
      queryClient.setQueriesData<AdminSongResponse[]>({ queryKey: ADMIN_RESPONSES_KEY }, (rows) =>
        rows?.map((r) => (r.id === state.id ? { ...r, companyShownToWriter: state.companyShownToWriter } : r)),
      );
      toast.success(state.companyShownToWriter ? MESSAGES.pitchReport.companyShown : MESSAGES.pitchReport.companyHidden);
    },
    onError: () => toast.error(MESSAGES.pitchReport.companyToggleFailed),
  });
  return (
    <div className="mt-2 flex items-center gap-2">
      <Switch id={id} checked={row.companyShownToWriter} disabled={change.isPending} onCheckedChange={(shown) => change.mutate(shown)} />
      <label htmlFor={id} className="text-xs">
        Show company to the writer
      </label>
    </div>
  );
}

function ListenerCell({ row: { listener } }: { row: AdminSongResponse }) {
  const name = listener.name || listener.email;
  const to = listener.kind === 'pitch' ? adminPitchLinkPath(listener.id) : adminPreviewUserPath(listener.id);
  return (
    <>
      <Link to={to} className="link font-medium">
        {name}
      </Link>
      <span className="block break-all text-muted-foreground">
        {[listener.company, listener.kind === 'pitch' ? 'pitch link' : 'preview user'].filter(Boolean).join(' · ')}
      </span>
    </>
  );
}

function SongCell({ row }: { row: AdminSongResponse }) {
  return (
    <Link to={pathTo(PAGE_PATHS.song, { slug: row.songSlug })} className="link font-medium">
      {row.songTitle}
    </Link>
  );
}
