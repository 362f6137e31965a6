import type { SentRewrite } from '../../../../common/responses/reviews';
import type { RewriteInput } from '../../../../common/schemas/rewrites';
import { uploadForm } from '../../../lib/upload';

/** The song's one rewrite: the note and lyrics as JSON in `data`, beside the new audio if there is one, with upload progress. */
export function sendRewrite(
  reviewId: string,
  data: RewriteInput,
  audio: File | null,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<SentRewrite> {
  const body = new FormData();
  body.set('data', JSON.stringify(data));
  if (audio) body.set('audio', audio, audio.name);
  return uploadForm<SentRewrite>(`/api/reviews/${encodeURIComponent(reviewId)}/rewrite`, body, options);
}
