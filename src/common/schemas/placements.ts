import * as z from 'zod/mini';
import { PLACEMENT as P, PLACEMENT_STATUSES } from '../constants';
import * as MESSAGES from '../messages';
import { idText, isRealDay, optionalText, requiredText } from './fields';

const m = MESSAGES.placements;

/** "$1,000.50", "1000.5" or 1000.5 as cents (100050); null when it is not an amount of dollars and cents. */
export function dollarsToCents(amount: string | number): number | null {
  const clean = String(amount).trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Our commission on a placement's income at the agreement's rate, to the nearest cent (half a cent up). */
export const commissionOf = (incomeCents: number, commissionPercent: number) => Math.round((incomeCents * commissionPercent) / 100);

/** Cents as the form's dollar text: 100050 -> "1000.50". */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** The income received, typed in dollars; the server stores cents. Missing or blank is nothing received yet. */
const incomeField = z._default(
  z
    .pipe(
      z.union([z.string(), z.number()]).check(z.refine((v) => v === '' || dollarsToCents(v) !== null, m.incomeInvalid)),
      z.transform((v) => dollarsToCents(v) ?? 0),
    )
    .check(z.refine((cents) => cents <= P.incomeMaxCents, m.incomeTooLarge)),
  0,
);

/** A release day as YYYY-MM-DD; blank is none. */
const releaseDateField = z.optional(
  z.nullable(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((day) => day === '' || (/^\d{4}-\d{2}-\d{2}$/.test(day) && isRealDay(day)), m.releaseDateInvalid),
      ),
      z.transform((day) => (day === '' ? null : day)),
    ),
  ),
);

/**
 * The admin's placement form, for a new placement and an edit. The commission is never sent: the server
 * computes it from the signed agreement's rate on every save.
 */
export const PlacementFormSchema = z.object({
  artist: requiredText(m.artistRequired, P.artistMax, m.artistTooLong),
  project: optionalText(P.projectMax, m.projectTooLong),
  label: optionalText(P.labelMax, m.labelTooLong),
  status: z._default(z.enum(PLACEMENT_STATUSES, { error: m.statusInvalid }), 'on_hold'),
  releaseDate: releaseDateField,
  income: incomeField,
});
export type PlacementFormInput = z.input<typeof PlacementFormSchema>;
export type PlacementFormValues = z.output<typeof PlacementFormSchema>;

/** POST /api/admin/placements: a placement on a pitched catalogue song. */
export const NewPlacementSchema = z.extend(PlacementFormSchema, { songId: z.uuid() });
export type NewPlacementValues = z.output<typeof NewPlacementSchema>;

/** GET /api/admin/placements: a song's placements. */
export const SongPlacementsQuerySchema = z.object({ songId: z.uuid() });

/** GET /api/admin/ledger and the page's URL: every writer, or one. */
export const LedgerQuerySchema = z.object({ writer: z.optional(idText(200)) });
export type LedgerQuery = z.output<typeof LedgerQuerySchema>;
