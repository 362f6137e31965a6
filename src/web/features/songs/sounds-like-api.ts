import type { ReferenceTrack, SoundsLike } from '../../../common/responses/reference-search';
import { api } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

/** How often the page asks after a reference's analysis while it runs. */
export const REFERENCE_POLL_MS = 1_000;

/** What the catalogue is ranked against: the buyer's uploaded reference, or a catalogue song. */
export type SoundsLikeTarget = { reference: string } | { song: string };

export const uploadReference = (file: File, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.set('data', '{}');
  form.set('audio', file, file.name);
  return uploadForm<ReferenceTrack>('/api/references', form, { onProgress });
};

export const referenceTrack = (id: string) => api<ReferenceTrack>(`/api/references/${encodeURIComponent(id)}`);

export const soundsLike = (target: SoundsLikeTarget, oneStop: boolean, signal?: AbortSignal) =>
  api<SoundsLike>('/api/sounds-like', { query: { ...target, oneStop: oneStop ? 'true' : undefined }, signal });
