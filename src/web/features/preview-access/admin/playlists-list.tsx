import { ListMusic } from 'lucide-react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import type { ActivityPlaylist } from '../../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';

const songCount = (n: number) => (n === 1 ? '1 song' : `${n} songs`);

/**
 * Buyers' playlists, the latest changed first: whose, its name and how many songs, opening to the songs in the
 * buyer's order. Read-only: a playlist is its owner's to change.
 */
export function PlaylistsList({ playlists }: { playlists: ActivityPlaylist[] }) {
  return (
    <ul aria-label="Playlists of preview users, latest changed first" className="grid grid-cols-1 gap-2">
      {playlists.map((playlist) => (
        <li key={playlist.id} className="rounded-xl border border-border bg-card shadow-sm">
          <details>
            <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl px-4 py-3 hover:bg-muted">
              <span className="font-semibold">{playlist.name}</span>
              <span className="text-sm text-muted-foreground">
                {playlist.ownerName || playlist.ownerEmail}
                {playlist.ownerName && <span className="sr-only"> ({playlist.ownerEmail})</span>}
              </span>
              <span className="text-sm tabular-nums text-muted-foreground">{songCount(playlist.songCount)}</span>
              <span className="ml-auto text-xs text-muted-foreground">
                changed <time dateTime={playlist.updatedAt}>{formatDateTime(playlist.updatedAt)}</time>
              </span>
            </summary>
            <div className="border-t border-border px-4 py-3">
              <p className="break-all text-sm text-muted-foreground">{playlist.ownerEmail}</p>
              {playlist.songs.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">No songs yet.</p>
              ) : (
                <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
                  {playlist.songs.map((song) => (
                    <li key={song.songId}>
                      <Link to={pathTo(PAGE_PATHS.song, { slug: song.slug })} className="link">
                        {song.title}
                      </Link>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Preview Activity's Playlists section: the list, or why it is empty. */
export function PlaylistsSection({ playlists }: { playlists: ActivityPlaylist[] }) {
  return (
    <section aria-labelledby="playlists-title" className="mt-10">
      <h2 id="playlists-title" className="text-xl font-semibold">
        {MESSAGES.playlists.activityHeading}
      </h2>
      <div className="mt-3">
        {playlists.length === 0 ? (
          <EmptyState icon={ListMusic} message={MESSAGES.playlists.activityEmpty} />
        ) : (
          <PlaylistsList playlists={playlists} />
        )}
      </div>
    </section>
  );
}
