import * as z from 'zod/mini';
import { CATALOGUE_SORTS, CATALOGUE_VIEWS, LIMITS } from '../constants';
import { MUSICAL_KEYS } from '../musical-keys';
import * as MESSAGES from '../messages';
import { noControlCharacters, searchText } from './fields';

// zod/mini, as in fields.ts: the catalogue (/songs) is a first page and parses its URL with this.
const whole = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));
const bpm = z.optional(whole(LIMITS.bpmMin, LIMITS.bpmMax));

/** The latest moment the catalogue's "chorus by" and "intro under" filters take, in seconds (10:00). */
export const SONG_TIME_MAX_SECONDS = 600;
const SONG_TIME_PATTERN = /^(?:\d{1,2}:[0-5]\d|\d{1,3})$/;

/**
 * A moment in a song as a listener writes it, "0:50" or "50" (seconds), up to SONG_TIME_MAX_SECONDS; parsed
 * to seconds. `field` names it in the message. The filter fields and the API read it with the same schema.
 */
export const songTime = (field: string) => {
  const message = MESSAGES.songs.songTimeInvalid(field, `${SONG_TIME_MAX_SECONDS / 60}:00`);
  return z.pipe(
    z.string().check(z.trim(), z.regex(SONG_TIME_PATTERN, message)),
    z.pipe(
      z.transform((text: string) => text.split(':').reduce((seconds, part) => seconds * 60 + Number(part), 0)),
      z.number().check(z.maximum(SONG_TIME_MAX_SECONDS, message)),
    ),
  );
};
export const ChorusBySchema = songTime(MESSAGES.songs.chorusByField);
export const IntroUnderSchema = songTime(MESSAGES.songs.introUnderField);

/**
 * The catalogue list's query, as the URL and the API carry them: search (title, lyrics, tags, writers and key), genre,
 * key, one-stop songs only (`oneStop=true`), songs added since the listener's last visit (`newOnly=true`), BPM range,
 * first chorus by (`chorusBy`, seconds or m:ss), intro shorter than (`introUnder`), sort (the admin's order when
 * none), and where the page starts: `after`, the cursor the previous page gave (its last song's sort key and id),
 * or else `page` (an offset, kept for old links).
 */
export const CatalogueQuerySchema = z
  .object({
    q: searchText(),
    genre: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.genreMax), noControlCharacters())),
    key: z.optional(z.enum(MUSICAL_KEYS, MESSAGES.songs.musicalKeyInvalid)),
    oneStop: z.optional(z.stringbool()),
    bpmMin: bpm,
    bpmMax: bpm,
    chorusBy: z.optional(ChorusBySchema),
    introUnder: z.optional(IntroUnderSchema),
    newOnly: z.optional(z.stringbool()),
    sort: z.optional(z.enum(CATALOGUE_SORTS)),
    after: z.optional(z.string().check(z.maxLength(400), z.regex(/^[A-Za-z0-9_-]+$/, MESSAGES.songs.staleCursor))),
    page: z._default(whole(1, 10_000), 1),
    pageSize: z._default(whole(1, 100), 24),
  })
  .check(
    z.refine((q) => q.bpmMin === undefined || q.bpmMax === undefined || q.bpmMin <= q.bpmMax, {
      message: MESSAGES.songs.bpmRangeOrder,
      path: ['bpmMax'],
    }),
  );
export type CatalogueQuery = z.output<typeof CatalogueQuerySchema>;

/** /songs's view (cards or a dense list), a part of the page's URL the API does not read. */
export const CatalogueViewSchema = z.object({ view: z.optional(z.enum(CATALOGUE_VIEWS)) });
