import * as z from 'zod/mini';

/**
 * POST /api/admin/song-audio: the `data` part beside the MP3. It holds nothing yet; the upload route reads
 * multipart bodies the one way every upload does, fields first.
 */
export const SongAudioUploadFormSchema = z.object({});
