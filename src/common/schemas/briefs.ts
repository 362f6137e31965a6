import * as z from 'zod/mini';
import { BRIEF_LIMITS, BRIEF_STATES, BRIEF_VOCALS, LIMITS } from '../constants';
import * as MESSAGES from '../messages';
import { MUSICAL_KEYS } from '../musical-keys';
import { dayField, noControlCharacters, optionalText, requiredText } from './fields';

const m = MESSAGES.briefs;

const tempo = () =>
  z.optional(
    z.nullable(
      z
        .number({ error: m.tempoRange })
        .check(z.int(m.tempoRange), z.minimum(LIMITS.bpmMin, m.tempoRange), z.maximum(LIMITS.bpmMax, m.tempoRange)),
    ),
  );

const mood = z
  .string()
  .check(z.trim(), z.minLength(1, m.moodTooLong), z.maxLength(BRIEF_LIMITS.moodMax, m.moodTooLong), noControlCharacters());

/**
 * A new brief, as the buyer (or an admin) writes it. The deadline is a day in Nashville; that it is not already
 * past is checked by the server against its clock.
 */
export const BriefCreateSchema = z
  .object({
    title: requiredText(m.titleRequired, BRIEF_LIMITS.titleMax, m.titleTooLong),
    description: requiredText(m.descriptionRequired, BRIEF_LIMITS.descriptionMax, m.descriptionTooLong, { multiLine: true }),
    genre: optionalText(LIMITS.genreMax, m.genreTooLong),
    tempoMin: tempo(),
    tempoMax: tempo(),
    musicalKey: z.optional(z.nullable(z.enum(MUSICAL_KEYS, m.keyInvalid))),
    vocal: z.optional(z.nullable(z.enum(BRIEF_VOCALS, m.vocalInvalid))),
    moods: z._default(
      z.array(mood).check(
        z.maxLength(BRIEF_LIMITS.moodsMax, m.tooManyMoods),
        z.refine((moods) => new Set(moods.map((w) => w.toLowerCase())).size === moods.length, m.moodTwice),
      ),
      [],
    ),
    oneStopRequired: z._default(z.boolean(), false),
    artistShown: requiredText(m.artistRequired, BRIEF_LIMITS.artistShownMax, m.artistTooLong),
    showBuyer: z._default(z.boolean(), false),
    deadlineOn: dayField(m.deadlineInvalid),
    referenceSongIds: z._default(
      z.array(z.uuid()).check(
        z.maxLength(BRIEF_LIMITS.referencesMax, m.tooManyReferences),
        z.refine((ids) => new Set(ids).size === ids.length, m.referenceTwice),
      ),
      [],
    ),
  })
  .check(
    z.refine((b) => b.tempoMin == null || b.tempoMax == null || b.tempoMin <= b.tempoMax, {
      message: m.tempoOrder,
      path: ['tempoMax'],
    }),
  );
export type BriefCreateInput = z.input<typeof BriefCreateSchema>;
export type BriefCreateValues = z.output<typeof BriefCreateSchema>;

/** A songwriter's answer with a song of theirs already signed into the catalogue. */
export const BriefCatalogueAnswerSchema = z.object({ songId: z.uuid(m.songNotYours) });
export type BriefCatalogueAnswerInput = z.input<typeof BriefCatalogueAnswerSchema>;

/** The admin's list of briefs, one state at a time (awaiting approval first). */
export const AdminBriefsQuerySchema = z.object({ state: z._default(z.enum(BRIEF_STATES), 'awaiting_approval') });
export type AdminBriefsQuery = z.output<typeof AdminBriefsQuerySchema>;

/** How an admin ends a brief: closed without a song, or filled. */
export const BriefCloseSchema = z.object({ state: z.enum(['closed', 'filled'] as const) });
export type BriefCloseInput = z.input<typeof BriefCloseSchema>;
