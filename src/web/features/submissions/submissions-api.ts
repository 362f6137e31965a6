import { queryOptions } from '@tanstack/react-query';
import type { SubmissionOrder } from '../../../common/responses/orders';
import type { SubmittedSong } from '../../../common/responses/submissions';
import type { SubmissionInput } from '../../../common/schemas/reviews';
import { api } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

export type { SubmissionOrder } from '../../../common/responses/orders';
export type { SubmittedSong } from '../../../common/responses/submissions';

/**
 * The order behind /submit-song. Not kept once the page is left (gcTime 0) and not refetched while it is
 * open: the song cards are laid out from this one reading, and the songs sent meanwhile are tracked on
 * the page itself.
 */
export const submissionOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['submission-order', orderId],
    queryFn: ({ signal }) => api<SubmissionOrder>(`/api/songwriters/me/orders/${encodeURIComponent(orderId)}`, { signal }),
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** One song: its fields as JSON in `data` beside the files, with upload progress. */
export function submitSong(
  data: SubmissionInput,
  files: { audio: File; lyricsFile: File | null },
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<SubmittedSong> {
  const body = new FormData();
  body.set('data', JSON.stringify(data));
  body.set('audio', files.audio, files.audio.name);
  if (files.lyricsFile) body.set('lyricsFile', files.lyricsFile, files.lyricsFile.name);
  return uploadForm<SubmittedSong>('/api/submissions', body, options);
}
