import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, Music, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import type { AdminSongListItem } from '../../../../common/responses';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS } from '../../../../common/routes';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { StaleLinkNotice } from '../../../components/stale-link-notice';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { ADMIN_SONGS_KEY, adminSongsQuery, deleteSong, invalidateSongs, saveSongOrder, setSongActive } from './admin-songs-api';
import { SortableSongsTable } from './sortable-songs-table';
import { SITE_NAME } from '../../../lib/site-name';

const REORDER_KEY = [...ADMIN_SONGS_KEY, 'reorder'] as const;

/** The rows in the order of `ids`, each with its new 0-based order_index (what the server will store). */
function inOrder(songs: AdminSongListItem[], ids: string[]): AdminSongListItem[] {
  const byId = new Map(songs.map((s) => [s.id, s]));
  return ids.flatMap((id, index) => {
    const song = byId.get(id);
    return song ? [{ ...song, orderIndex: index }] : [];
  });
}

/** Saves a new order, showing it at once and putting the server's back if the save fails. */
function useReorderSongs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REORDER_KEY,
    mutationFn: saveSongOrder,
    // Optimistic: the rows stay where they were dropped while the order is saved.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_SONGS_KEY, exact: true });
      const previous = queryClient.getQueryData<AdminSongListItem[]>(ADMIN_SONGS_KEY);
      if (previous) queryClient.setQueryData(ADMIN_SONGS_KEY, inOrder(previous, ids));
      return { previous };
    },
    onError: (error, _ids, context) => {
      // Back to the order the server has (the refetch in onSettled confirms it).
      if (context?.previous) queryClient.setQueryData(ADMIN_SONGS_KEY, context.previous);
      // A 409 means another admin added or removed a song meanwhile: the server says so.
      toast.error(MESSAGES.songs.orderFailed, { description: isApiError(error) && error.status === 409 ? error.message : undefined });
    },
    onSuccess: () => toast.success(MESSAGES.songs.orderUpdated),
    onSettled: () => {
      // Another drop may already be on its way: refetching now would put this one's order back on screen.
      if (queryClient.isMutating({ mutationKey: REORDER_KEY }) === 1) void invalidateSongs(queryClient);
    },
  });
}

/** /admin/songs: every song in catalogue order; reorder, show or hide, edit and delete. */
export function AdminSongsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(adminSongsQuery);
  const [toDelete, setToDelete] = useState<AdminSongListItem | null>(null);

  const reorder = useReorderSongs();

  const toggle = useMutation({
    mutationFn: ({ song, isActive }: { song: AdminSongListItem; isActive: boolean }) => setSongActive(song.id, isActive),
    onSuccess: (row) => {
      queryClient.setQueryData<AdminSongListItem[]>(ADMIN_SONGS_KEY, (songs) =>
        songs?.map((s) => (s.id === row.id ? { ...s, isActive: row.isActive } : s)),
      );
      toast.success(MESSAGES.songs.statusUpdated);
      void invalidateSongs(queryClient);
    },
    // A song without audio or lyrics is refused publishing: the server says which.
    onError: (error) => toast.error(MESSAGES.songs.statusFailed, { description: isApiError(error) ? error.message : undefined }),
  });

  const remove = useMutation({
    mutationFn: (song: AdminSongListItem) => deleteSong(song.id),
    onSuccess: (_data, song) => {
      queryClient.setQueryData<AdminSongListItem[]>(ADMIN_SONGS_KEY, (songs) => songs?.filter((s) => s.id !== song.id));
      toast.success(MESSAGES.songs.deleted);
      setToDelete(null);
      void invalidateSongs(queryClient);
    },
    // A refusal (a song with placements) says why; anything else stays generic.
    onError: (error) =>
      toast.error(MESSAGES.songs.deleteFailed, { description: isApiError(error) && error.status === 409 ? error.message : undefined }),
  });

  const count = list.data?.length ?? 0;

  return (
    <div>
      <PageMeta title="Manage Songs" description={`Add, edit, reorder and publish the songs of the ${SITE_NAME} catalogue.`} />
      <StaleLinkNotice className="mb-6" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Manage Songs</h1>
          {list.data && (
            <p className="mt-1 text-muted-foreground">
              {count === 1 ? '1 song' : `${count} songs`} · Next song number: {count + 1}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A plain link: the browser downloads the file itself. */}
          <Button asChild variant="outline">
            <a href="/api/admin/song-export" download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.adminSongImport}>
              <FileUp aria-hidden="true" />
              Import from CSV
            </Link>
          </Button>
          <Button asChild>
            <Link to={PAGE_PATHS.adminSongNew}>
              <Plus aria-hidden="true" />
              Add Song
            </Link>
          </Button>
        </div>
      </div>

      <div className="mt-6">
        <QueryState
          query={list}
          pending={<PageSpinner label={MESSAGES.songs.loadingList} />}
          errorTitle={MESSAGES.songs.adminLoadFailed}
          isEmpty={(songs) => songs.length === 0}
          empty={
            <EmptyState icon={Music} message={MESSAGES.songs.adminEmpty}>
              <Button asChild variant="outline" size="sm">
                <Link to={PAGE_PATHS.adminSongNew}>Add Song</Link>
              </Button>
            </EmptyState>
          }
        >
          {(songs) => (
            <>
              <p className="mb-3 text-sm text-muted-foreground">
                Drag a song by its handle (or focus the handle and press Space) to change the order preview users see.
              </p>
              <SortableSongsTable
                songs={songs}
                onReorder={(ids) => reorder.mutate(ids)}
                onToggleActive={(song, isActive) => toggle.mutate({ song, isActive })}
                onDelete={setToDelete}
                togglingId={toggle.isPending ? (toggle.variables?.song.id ?? null) : null}
              />
            </>
          )}
        </QueryState>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete song"
        description={toDelete ? MESSAGES.songs.deleteConfirm(toDelete.title) : ''}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </div>
  );
}
