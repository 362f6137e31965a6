import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Copy, ListMusic, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import type { PlaylistDetail, PlaylistSong } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { InlineSpinner, PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useShortlistExtras } from '../briefs';
import { ShareButton } from '../pitching';
import { PlaylistFormDialog } from './playlist-form-dialog';
import {
  addSongsLikeThis,
  deletePlaylist,
  duplicatePlaylist,
  myPlaylistsQuery,
  playlistChanged,
  playlistQuery,
  removePlaylistSong,
  reorderPlaylist,
  updatePlaylist,
} from './playlists-api';
import { SortablePlaylist } from './sortable-playlist';

const m = MESSAGES.playlists;
const failure = (prefix: string, error: unknown) => (isApiError(error) ? `${prefix}: ${error.message}` : prefix);

/** /playlists/:id: one playlist, its songs playable in the bar, and (for its owner) reorder, remove, rename, copy, delete. */
export function PlaylistPage() {
  const { id = '' } = useParams();
  const playlist = useQuery(playlistQuery(id));
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <Link to={PAGE_PATHS.playlists} className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All playlists
      </Link>
      {playlist.isPending ? (
        <>
          <PageMeta title="Playlist" description="One of your playlists." />
          <PageSpinner label="Loading the playlist…" />
        </>
      ) : playlist.isError ? (
        <div className="mt-6">
          <PageMeta title="Playlist" description="One of your playlists." />
          <h1 className="sr-only">Playlist</h1>
          <ErrorState
            title={isApiError(playlist.error) && playlist.error.status === 404 ? m.notFound : m.playlistLoadFailed}
            error={playlist.error}
            onRetry={() => void playlist.refetch()}
          />
        </div>
      ) : (
        <Playlist playlist={playlist.data} />
      )}
    </div>
  );
}

/** What the owner does to the playlist: each change shows the answer, and a failure says why in a toast. */
function usePlaylistActions(playlist: PlaylistDetail) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = playlistQuery(playlist.id).queryKey;

  // The new order shows at once; a refusal puts the order the server holds back.
  const reorder = useMutation({
    mutationFn: (songIds: string[]) => reorderPlaylist(playlist.id, songIds),
    onMutate: (songIds) => {
      const previous = queryClient.getQueryData<PlaylistDetail>(key);
      if (previous) {
        const byId = new Map(previous.songs.map((s) => [s.songId, s]));
        queryClient.setQueryData<PlaylistDetail>(key, { ...previous, songIds, songs: songIds.map((sid) => byId.get(sid)!) });
      }
      return { previous };
    },
    onSuccess: (detail) => void playlistChanged(queryClient, detail),
    onError: (error, _songIds, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
      toast.error(failure(m.reorderFailed, error));
    },
  });
  const remove = useMutation({
    mutationFn: (song: PlaylistSong) => removePlaylistSong(playlist.id, song.songId),
    onSuccess: (detail, song) => {
      void playlistChanged(queryClient, detail);
      toast.success(m.removed(song.title));
    },
    onError: (error) => toast.error(failure(m.removeFailed, error)),
  });
  const duplicate = useMutation({
    mutationFn: () => duplicatePlaylist(playlist.id),
    onSuccess: (copy) => {
      void playlistChanged(queryClient, copy);
      toast.success(m.duplicated(copy.name));
      void navigate(pathTo(PAGE_PATHS.playlist, { id: copy.id }));
    },
    onError: (error) => toast.error(failure(m.duplicateFailed, error)),
  });
  const destroy = useMutation({
    mutationFn: () => deletePlaylist(playlist.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: myPlaylistsQuery.queryKey });
      toast.success(m.deleted(playlist.name));
      void navigate(PAGE_PATHS.playlists);
    },
    onError: (error) => toast.error(failure(m.deleteFailed, error)),
  });

  const addLike = useMutation({
    mutationFn: (song: PlaylistSong) => addSongsLikeThis(playlist.id, song.songId),
    onSuccess: ({ added }) => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: myPlaylistsQuery.queryKey });
      toast.success(MESSAGES.referenceSearch.addedLikeThis(added));
    },
    onError: (error) => toast.error(failure(MESSAGES.similarity.failed, error)),
  });

  return { reorder, remove, duplicate, destroy, addLike };
}

function Playlist({ playlist }: { playlist: PlaylistDetail }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { reorder, remove, duplicate, destroy, addLike } = usePlaylistActions(playlist);
  const shortlistExtras = useShortlistExtras(playlist.briefId, playlist.mine);

  return (
    <>
      <PageMeta title={playlist.name} description="One of your playlists." />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words text-4xl font-bold">{playlist.name}</h1>
          {playlist.description && <p className="mt-2 whitespace-pre-line break-words text-muted-foreground">{playlist.description}</p>}
          <p className="mt-2 text-sm text-muted-foreground">{playlist.songCount === 1 ? '1 song' : `${playlist.songCount} songs`}</p>
        </div>
        {playlist.mine && (
          <div className="flex flex-wrap gap-2">
            {playlist.songs.length > 0 && <ShareButton target={{ playlistId: playlist.id, name: playlist.name }} />}
            <Button variant="outline" onClick={() => setRenaming(true)}>
              <Pencil aria-hidden="true" />
              Rename
            </Button>
            <Button variant="outline" disabled={duplicate.isPending} onClick={() => duplicate.mutate()}>
              {duplicate.isPending ? <InlineSpinner /> : <Copy aria-hidden="true" />}
              Duplicate
            </Button>
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      </div>
      <section aria-labelledby="playlist-songs" className="mt-8">
        <h2 id="playlist-songs" className="sr-only">
          Songs
        </h2>
        {playlist.songs.length === 0 ? (
          <EmptyState icon={ListMusic} message={m.emptyPlaylist}>
            <Link to={PAGE_PATHS.songs} className="link">
              Browse the songs
            </Link>
          </EmptyState>
        ) : (
          <>
            {playlist.mine && playlist.songs.length > 1 && (
              <p className="mb-3 text-sm text-muted-foreground">
                Drag a song by its handle to move it, or pick it up with Space and move it with the arrow keys.
              </p>
            )}
            <SortablePlaylist
              songs={playlist.songs}
              editable={playlist.mine}
              onReorder={(ids) => reorder.mutate(ids)}
              onRemove={(song) => remove.mutate(song)}
              extra={shortlistExtras}
              onAddLike={(song) => addLike.mutate(song)}
            />
          </>
        )}
      </section>
      <PlaylistFormDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename playlist"
        description="Its name and what it is for."
        submitLabel="Save"
        initial={{ name: playlist.name, description: playlist.description }}
        save={(values) => updatePlaylist(playlist.id, values)}
        onSaved={(detail) => {
          void playlistChanged(queryClient, detail);
          toast.success(m.saved);
        }}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete “${playlist.name}”?`}
        description="The playlist goes; its songs stay in the catalogue. This cannot be undone."
        confirmLabel="Delete playlist"
        pending={destroy.isPending}
        onConfirm={() => destroy.mutate()}
      />
    </>
  );
}
