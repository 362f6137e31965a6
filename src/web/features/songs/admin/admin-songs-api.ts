import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminSong,
  AdminSongListItem,
  AdminSongVersionList,
  Ok,
  SavedSong,
  SongActiveState,
  SongAudioUpload,
} from '../../../../common/responses';
import type { AddedVersionKind } from '../../../../common/song-versions';
import type { SongFormValues } from '../../../../common/schemas/songs';
import { api } from '../../../lib/api';
import { ADMIN_SONGS_KEY, CATALOGUE_KEY } from '../../../lib/query-keys';
import { uploadForm } from '../../../lib/upload';

export { ADMIN_SONGS_KEY };

export const adminSongsQuery = queryOptions({
  queryKey: ADMIN_SONGS_KEY,
  queryFn: ({ signal }) => api<AdminSongListItem[]>('/api/admin/songs', { signal }),
});

export const adminSongQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_SONGS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<AdminSong>(`/api/admin/songs/${encodeURIComponent(id)}`, { signal }),
    // The form is filled once from this; a refetch on focus would bring new media links and nothing else.
    refetchOnWindowFocus: false,
  });

export const setSongActive = (id: string, isActive: boolean) =>
  api<SongActiveState>(`/api/admin/songs/${encodeURIComponent(id)}/active`, { method: 'PATCH', body: { isActive } });

export const deleteSong = (id: string) => api<null>(`/api/admin/songs/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Every song id in the new order, in one request (the server rewrites every order_index in one transaction). */
export const saveSongOrder = (ids: string[]) => api<Ok>('/api/admin/song-order', { method: 'PUT', body: { ids } });

export interface SongFiles {
  image?: File | null;
  removeImage?: boolean;
}

/**
 * Uploads the song's MP3 as soon as it is chosen, with progress; the answer names the stored file (the form
 * saves it as `audioUploadId`) and its analysis, queued (analysedSongAudio waits for the tempo and key).
 */
export function uploadSongAudio(file: File, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal }) {
  const body = new FormData();
  body.set('data', '{}');
  body.set('audio', file);
  return uploadForm<SongAudioUpload>('/api/admin/song-audio', body, { method: 'POST', ...options });
}

/** How often the form asks after an upload's analysis while it waits for the server's analysis worker. */
const ANALYSIS_POLL_MS = 1_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/**
 * An uploaded MP3 once its analysis has ended (done or failed): its length, tempo and key are measured by the
 * server's analysis pipeline after the upload, so the form asks after it until then.
 */
export async function analysedSongAudio(upload: SongAudioUpload, signal: AbortSignal): Promise<SongAudioUpload> {
  let current = upload;
  while (current.analysis.state === 'queued' || current.analysis.state === 'running') {
    await pause(ANALYSIS_POLL_MS, signal);
    current = await api<SongAudioUpload>(`/api/admin/song-audio/${upload.id}`, { signal });
  }
  return current;
}

/**
 * Creates (no id) or updates a song: the fields as JSON in the `data` part beside the image, with upload
 * progress. The audio went up when it was chosen; the fields name it.
 */
export function saveSong(
  { id, values, files }: { id?: string; values: SongFormValues; files: SongFiles },
  onProgress?: (fraction: number) => void,
): Promise<SavedSong> {
  const body = new FormData();
  body.set('data', JSON.stringify(values));
  if (files.image) body.set('image', files.image);
  else if (files.removeImage) body.set('removeImage', 'true');
  return id
    ? uploadForm<SavedSong>(`/api/admin/songs/${encodeURIComponent(id)}`, body, { method: 'PUT', onProgress })
    : uploadForm<SavedSong>('/api/admin/songs', body, { method: 'POST', onProgress });
}

/** After any change to songs: the admin list and the catalogue pages are out of date. */
export function invalidateSongs(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_SONGS_KEY }),
    queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  ]);
}

/** Adds (or replaces) a version of a song, with upload progress; answers the song's versions after. */
export function uploadSongVersion(
  songId: string,
  { kind, label, file }: { kind: AddedVersionKind; label: string; file: File },
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
) {
  const body = new FormData();
  body.set('data', JSON.stringify({ kind, label }));
  body.set('file', file);
  return uploadForm<AdminSongVersionList>(`/api/admin/songs/${encodeURIComponent(songId)}/versions`, body, { method: 'POST', ...options });
}

export const removeSongVersion = (songId: string, kind: AddedVersionKind) =>
  api<AdminSongVersionList>(`/api/admin/songs/${encodeURIComponent(songId)}/versions/${kind}`, { method: 'DELETE' });
