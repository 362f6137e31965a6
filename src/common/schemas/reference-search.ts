import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { MUSICAL_KEYS } from '../musical-keys';
import * as MESSAGES from '../messages';
import { ChorusBySchema, IntroUnderSchema } from './catalogue';
import { noControlCharacters } from './fields';

/** POST /api/references: the `data` part beside the MP3; it holds nothing yet, as every upload reads fields first. */
export const ReferenceUploadFormSchema = z.object({});

const bpm = z.optional(z.coerce.number().check(z.int(), z.minimum(LIMITS.bpmMin), z.maximum(LIMITS.bpmMax)));

/**
 * GET /api/sounds-like: the catalogue ranked by closeness to an uploaded reference (`reference`, its id) or a
 * catalogue song (`song`, its slug), narrowed by the catalogue list's own filters with the same meaning.
 */
export const SoundsLikeQuerySchema = z
  .object({
    reference: z.optional(z.uuid(MESSAGES.referenceSearch.notFound)),
    song: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.slugMax), noControlCharacters())),
    genre: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.genreMax), noControlCharacters())),
    key: z.optional(z.enum(MUSICAL_KEYS, MESSAGES.songs.musicalKeyInvalid)),
    oneStop: z.optional(z.stringbool()),
    bpmMin: bpm,
    bpmMax: bpm,
    chorusBy: z.optional(ChorusBySchema),
    introUnder: z.optional(IntroUnderSchema),
  })
  .check(
    z.refine((q) => (q.reference === undefined) !== (q.song === undefined), {
      message: MESSAGES.referenceSearch.oneReference,
      path: ['reference'],
    }),
    z.refine((q) => q.bpmMin === undefined || q.bpmMax === undefined || q.bpmMin <= q.bpmMax, {
      message: MESSAGES.songs.bpmRangeOrder,
      path: ['bpmMax'],
    }),
  );
export type SoundsLikeQuery = z.output<typeof SoundsLikeQuerySchema>;

/** How many songs "add songs like this one" adds (a playlist) or offers (a pitch link's form). */
export const SONGS_LIKE_THIS_ADDED = 5;

/** POST /api/playlists/:id/songs-like-this: the playlist's song to match; its nearest songs not yet in it are added. */
export const SongsLikeThisSchema = z.object({ songId: z.uuid(MESSAGES.songs.notFound) });

/**
 * POST /api/admin/songs-like-this: the songs nearest `songId` that are not among `exclude` (the songs a pitch
 * link's form already holds), for the form to add.
 */
export const SongsLikeThisSuggestSchema = z.object({
  songId: z.uuid(MESSAGES.songs.notFound),
  exclude: z.array(z.uuid()).check(z.maxLength(LIMITS.playlistSongsMax)),
});
