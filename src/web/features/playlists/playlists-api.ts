import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AddedLikeThis, PlaylistDetail, PlaylistSummary } from '../../../common/responses';
import type { PlaylistCreateInput, PlaylistDuplicateInput, PlaylistUpdateInput } from '../../../common/schemas/playlists';
import { api } from '../../lib/api';

export const PLAYLISTS_KEY = ['playlists'] as const;

const at = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

export const myPlaylistsQuery = queryOptions({
  queryKey: [...PLAYLISTS_KEY, 'mine'],
  queryFn: ({ signal }) => api<PlaylistSummary[]>('/api/playlists', { signal }),
});

export const playlistQuery = (id: string) =>
  queryOptions({
    queryKey: [...PLAYLISTS_KEY, 'one', id],
    queryFn: ({ signal }) => api<PlaylistDetail>(at(id), { signal }),
  });

export const createPlaylist = (values: PlaylistCreateInput) => api<PlaylistDetail>('/api/playlists', { method: 'POST', body: values });
export const updatePlaylist = (id: string, values: PlaylistUpdateInput) => api<PlaylistDetail>(at(id), { method: 'PATCH', body: values });
export const deletePlaylist = (id: string) => api<null>(at(id), { method: 'DELETE' });
export const duplicatePlaylist = (id: string, values: PlaylistDuplicateInput = {}) =>
  api<PlaylistDetail>(`${at(id)}/duplicate`, { method: 'POST', body: values });
export const addPlaylistSongs = (id: string, songIds: string[]) =>
  api<PlaylistDetail>(`${at(id)}/songs`, { method: 'POST', body: { songIds } });
export const removePlaylistSong = (id: string, songId: string) =>
  api<PlaylistDetail>(`${at(id)}/songs/${encodeURIComponent(songId)}`, { method: 'DELETE' });
export const reorderPlaylist = (id: string, songIds: string[]) =>
  api<PlaylistDetail>(`${at(id)}/order`, { method: 'PUT', body: { songIds } });

/** After a change: the answer is the playlist as it now is, and the list (counts, order by latest change) is read again. */
export function playlistChanged(queryClient: QueryClient, detail: PlaylistDetail | null, id?: string) {
  if (detail) queryClient.setQueryData(playlistQuery(detail.id).queryKey, detail);
  else if (id) queryClient.removeQueries({ queryKey: playlistQuery(id).queryKey });
  return queryClient.invalidateQueries({ queryKey: myPlaylistsQuery.queryKey });
}

/** "Add songs like this one": the songs closest in sound to one of the playlist's, not yet in it, added at its end. */
export const addSongsLikeThis = (id: string, songId: string) =>
  api<AddedLikeThis>(`${at(id)}/songs-like-this`, { method: 'POST', body: { songId } });
