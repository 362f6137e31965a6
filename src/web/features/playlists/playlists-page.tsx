import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListMusic, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { PlaylistFormDialog } from './playlist-form-dialog';
import { createPlaylist, myPlaylistsQuery, playlistChanged } from './playlists-api';

const m = MESSAGES.playlists;

const songCount = (n: number) => (n === 1 ? '1 song' : `${n} songs`);

/** /playlists: the listener's own playlists, the latest changed first, and a new one. */
export function PlaylistsPage() {
  const mine = useQuery(myPlaylistsQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Playlists" description="Your own playlists of catalogue songs." />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold">Playlists</h1>
          <p className="mt-2 text-muted-foreground">Gather songs for an artist, a record or a meeting. Only you see them.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New playlist
        </Button>
      </div>
      <div className="mt-8">
        {mine.isPending ? (
          <PageSpinner label="Loading your playlists…" />
        ) : mine.isError ? (
          <ErrorState title={m.loadFailed} error={mine.error} onRetry={() => void mine.refetch()} />
        ) : mine.data.length === 0 ? (
          <EmptyState icon={ListMusic} message={m.empty}>
            <Link to={PAGE_PATHS.songs} className="link">
              Browse the songs
            </Link>
          </EmptyState>
        ) : (
          <ul aria-label="Your playlists" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {mine.data.map((playlist) => (
              <li key={playlist.id} className="relative rounded-xl border border-border bg-card p-4 shadow-sm hover:border-primary/40">
                <h2 className="text-lg font-semibold">
                  <Link
                    to={pathTo(PAGE_PATHS.playlist, { id: playlist.id })}
                    className="rounded-sm break-words after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
                  >
                    {playlist.name}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  {songCount(playlist.songCount)} · changed <time dateTime={playlist.updatedAt}>{formatDate(playlist.updatedAt)}</time>
                </p>
                {playlist.description && <p className="mt-2 line-clamp-2 break-words text-sm">{playlist.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <PlaylistFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="New playlist"
        description="Add songs to it from the catalogue, with “Add to playlist”."
        submitLabel="Create playlist"
        save={(values) => createPlaylist(values)}
        onSaved={(playlist) => {
          void playlistChanged(queryClient, playlist);
          toast.success(m.created(playlist.name));
          void navigate(pathTo(PAGE_PATHS.playlist, { id: playlist.id }));
        }}
      />
    </div>
  );
}
