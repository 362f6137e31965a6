/** What the placement and ledger routes answer. Money is integer cents. */
import { z } from 'zod';
import { PLACEMENT_STATUSES } from '../constants';
import { timestamp } from './common';

const cents = z.number().int();

/** What was placed where, as every view of a placement shows it. */
const placed = {
  artist: z.string(),
  project: z.string().nullable(),
  label: z.string().nullable(),
  status: z.enum(PLACEMENT_STATUSES),
  /** YYYY-MM-DD. */
  releaseDate: z.string().nullable(),
};
const money = { incomeCents: cents, commissionCents: cents };

/** One placement as the admin records it, with the commission the server computed. */
export const PlacementSchema = z.object({
  id: z.string(),
  songId: z.string(),
  pitchAgreementId: z.string(),
  ...placed,
  ...money,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Placement = z.output<typeof PlacementSchema>;

/** GET /api/admin/placements?songId=: the song, the signed agreement it came in under (null: not a pitched song), its placements. */
export const SongPlacementsSchema = z.object({
  songId: z.string(),
  songTitle: z.string(),
  agreement: z
    .object({
      id: z.string(),
      reviewId: z.string(),
      commissionPercent: z.number().int(),
      writerName: z.string(),
      writerEmail: z.string(),
    })
    .nullable(),
  placements: z.array(PlacementSchema),
});
export type SongPlacements = z.output<typeof SongPlacementsSchema>;

/** A songwriter's own placement: what was placed, the income, and their share after the commission. */
export const MyPlacementSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  songTitle: z.string(),
  ...placed,
  commissionPercent: z.number().int(),
  ...money,
  writerShareCents: cents,
});
export type MyPlacement = z.output<typeof MyPlacementSchema>;
export const MyPlacementListSchema = z.array(MyPlacementSchema);
export type MyPlacementList = z.output<typeof MyPlacementListSchema>;

const totals = { ...money, owedCents: cents };

/** A ledger line: one placement, its income, our commission and what is owed to the writer. */
export const LedgerLineSchema = z.object({
  id: z.string(),
  songId: z.string(),
  songTitle: z.string(),
  ...placed,
  commissionPercent: z.number().int(),
  ...totals,
});
export type LedgerLine = z.output<typeof LedgerLineSchema>;

/** GET /api/admin/ledger: placements grouped by writer with each writer's totals, the overall totals, and every writer for the filter. */
export const LedgerSchema = z.object({
  writers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  groups: z.array(
    z.object({
      writerId: z.string(),
      writerName: z.string(),
      writerEmail: z.string(),
      lines: z.array(LedgerLineSchema),
      ...totals,
    }),
  ),
  ...totals,
});
export type Ledger = z.output<typeof LedgerSchema>;
