import { and, asc, desc, eq, sql } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import { commissionOf, type NewPlacementValues, type PlacementFormValues } from '../../../common/schemas/placements';
import type { Db, DbOrTx } from '../../db/client';
import { pitchAgreements, placements, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';
import { songwriterSummary } from '../songwriters';

const m = MESSAGES.placements;

const placementColumns = {
  id: placements.id,
  songId: placements.songId,
  pitchAgreementId: placements.pitchAgreementId,
  artist: placements.artist,
  project: placements.project,
  label: placements.label,
  status: placements.status,
  releaseDate: placements.releaseDate,
  incomeCents: placements.incomeCents,
  commissionCents: placements.commissionCents,
  createdAt: placements.createdAt,
  updatedAt: placements.updatedAt,
};

/** What an admin sets on a placement, directly or through the income: the fields its audit events compare. */
const PLACEMENT_FIELDS = ['artist', 'project', 'label', 'status', 'releaseDate', 'incomeCents', 'commissionCents'] as const;

/** When the agreement's term ends: term_months from the signature (clause 3 of the text), computed in SQL. */
const termEnd = sql`${pitchAgreements.answeredAt} + ${pitchAgreements.termMonths} * interval '1 month'`;

/**
 * The signed agreement a catalogue song came in under, with its writer; undefined for any other song.
 * `termEndedOn` is the day its term ended (YYYY-MM-DD, UTC), null while it runs.
 */
async function signedAgreementOf(db: DbOrTx, pitchAgreementId: string | null) {
  if (!pitchAgreementId) return undefined;
  const [agreement] = await db
    .select({
      id: pitchAgreements.id,
      reviewId: pitchAgreements.reviewId,
      commissionPercent: pitchAgreements.commissionPercent,
      writerName: songwriterSummary.name,
      writerEmail: songwriterSummary.email,
      termEndedOn: sql<string | null>`case when ${termEnd} <= now() then to_char((${termEnd}) at time zone 'UTC', 'YYYY-MM-DD') end`,
    })
    .from(pitchAgreements)
    .innerJoin(songwriterSummary, eq(songwriterSummary.id, pitchAgreements.songwriterId))
    .where(and(eq(pitchAgreements.id, pitchAgreementId), eq(pitchAgreements.status, 'accepted')));
  return agreement;
}

/** The placement's columns as stored from the form: the income in cents and the commission at the agreement's rate. */
const fromForm = (values: PlacementFormValues, commissionPercent: number) => ({
  artist: values.artist,
  project: values.project ?? null,
  label: values.label ?? null,
  status: values.status,
  releaseDate: values.releaseDate ?? null,
  incomeCents: values.income,
  commissionCents: commissionOf(values.income, commissionPercent),
});

/** A song's placements (admin), newest first, with the signed agreement it came in under; null for a song not pitched. */
export async function songPlacements({ db, songId }: { db: Db; songId: string }) {
  const [song] = await db
    .select({ id: songs.id, title: songs.title, pitchAgreementId: songs.pitchAgreementId })
    .from(songs)
    .where(eq(songs.id, songId));
  if (!song) throw new AppError('NOT_FOUND', m.songNotFound);
  const [agreement, rows] = await Promise.all([
    signedAgreementOf(db, song.pitchAgreementId),
    db.select(placementColumns).from(placements).where(eq(placements.songId, songId)).orderBy(desc(placements.createdAt)),
  ]);
  const shown = agreement && {
    id: agreement.id,
    reviewId: agreement.reviewId,
    commissionPercent: agreement.commissionPercent,
    writerName: agreement.writerName,
    writerEmail: agreement.writerEmail,
  };
  return { songId: song.id, songTitle: song.title, agreement: shown ?? null, placements: rows };
}

/**
 * The admin records a placement on a pitched song: one whose signed agreement it came in under, while its
 * term runs. The
 * agreement is the song's, never the request's, and so is the rate the commission is computed at.
 */
export async function recordPlacement({ db, actor, values }: { db: Db; actor: Actor; values: NewPlacementValues }) {
  return db.transaction(async (tx) => {
    // Locked, so the song keeps the agreement it is checked against until the placement is written.
    const [song] = await tx
      .select({ id: songs.id, title: songs.title, pitchAgreementId: songs.pitchAgreementId })
      .from(songs)
      .where(eq(songs.id, values.songId))
      .for('update');
    if (!song) throw new AppError('NOT_FOUND', m.songNotFound);
    const agreement = await signedAgreementOf(tx, song.pitchAgreementId);
    if (!agreement) throw new AppError('CONFLICT', m.notPitched);
    // Clause 3: commission only on placements made during the term. Edits of earlier placements stay allowed.
    if (agreement.termEndedOn) throw new AppError('CONFLICT', m.termEnded(agreement.termEndedOn));
    const [row] = await tx
      .insert(placements)
      .values({ songId: song.id, pitchAgreementId: agreement.id, recordedBy: actor.id, ...fromForm(values, agreement.commissionPercent) })
      .returning(placementColumns);
    await recordAudit(tx, {
      actor,
      action: 'placement.create',
      subject: { kind: 'placement', id: row!.id },
      summary: `Recorded a placement of “${song.title}” by ${agreement.writerEmail} with ${row!.artist}`,
      changes: changesOf(null, row!, PLACEMENT_FIELDS),
    });
    return row!;
  });
}

/** The admin edits a placement (its status moves on, income comes in); the commission is computed again from the agreement's rate. */
export async function updatePlacement({ db, actor, id, values }: { db: Db; actor: Actor; id: string; values: PlacementFormValues }) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ ...placementColumns, commissionPercent: pitchAgreements.commissionPercent })
      .from(placements)
      .innerJoin(pitchAgreements, eq(pitchAgreements.id, placements.pitchAgreementId))
      .where(eq(placements.id, id))
      .for('update', { of: placements });
    if (!current) throw new AppError('NOT_FOUND', m.notFound);
    const [row] = await tx
      .update(placements)
      .set(fromForm(values, current.commissionPercent))
      .where(eq(placements.id, id))
      .returning(placementColumns);
    await recordAudit(tx, {
      actor,
      action: 'placement.update',
      subject: { kind: 'placement', id },
      summary: `Edited the placement with ${row!.artist}`,
      changes: changesOf(current, row!, PLACEMENT_FIELDS),
    });
    return row!;
  });
}

/** Placements with their song, agreement and writer: what the songwriter's list and the ledger read. */
function readPlacementLines(db: Db, songwriterId?: string) {
  return db
    .select({
      id: placements.id,
      songId: placements.songId,
      songTitle: songs.title,
      reviewId: pitchAgreements.reviewId,
      writerId: pitchAgreements.songwriterId,
      writerName: songwriterSummary.name,
      writerEmail: songwriterSummary.email,
      artist: placements.artist,
      project: placements.project,
      label: placements.label,
      status: placements.status,
      releaseDate: placements.releaseDate,
      commissionPercent: pitchAgreements.commissionPercent,
      incomeCents: placements.incomeCents,
      commissionCents: placements.commissionCents,
    })
    .from(placements)
    .innerJoin(songs, eq(songs.id, placements.songId))
    .innerJoin(pitchAgreements, eq(pitchAgreements.id, placements.pitchAgreementId))
    .innerJoin(songwriterSummary, eq(songwriterSummary.id, pitchAgreements.songwriterId))
    .where(songwriterId === undefined ? undefined : eq(pitchAgreements.songwriterId, songwriterId))
    .orderBy(asc(songwriterSummary.name), asc(songwriterSummary.email), asc(songs.title), desc(placements.createdAt));
}

/** The songwriter's own placements, by song: income, our commission and their share. Another writer's are never read. */
export async function myPlacements({ db, actor }: { db: Db; actor: Actor }) {
  const rows = await readPlacementLines(db, actor.id);
  return rows.map((r) => ({
    id: r.id,
    reviewId: r.reviewId,
    songTitle: r.songTitle,
    artist: r.artist,
    project: r.project,
    label: r.label,
    status: r.status,
    releaseDate: r.releaseDate,
    commissionPercent: r.commissionPercent,
    incomeCents: r.incomeCents,
    commissionCents: r.commissionCents,
    writerShareCents: r.incomeCents - r.commissionCents,
  }));
}

const sumOf = (lines: { incomeCents: number; commissionCents: number; owedCents: number }[]) => ({
  incomeCents: lines.reduce((n, l) => n + l.incomeCents, 0),
  commissionCents: lines.reduce((n, l) => n + l.commissionCents, 0),
  owedCents: lines.reduce((n, l) => n + l.owedCents, 0),
});

/**
 * The ledger: every placement with its income, our commission and what is owed to the writer (income less
 * commission), grouped by writer with each writer's totals and the overall totals; one writer when asked.
 */
export async function ledger({ db, writer }: { db: Db; writer?: string }) {
  const rows = await readPlacementLines(db);
  const writers = new Map<string, { id: string; name: string; email: string }>();
  const groups = new Map<string, { writerId: string; writerName: string; writerEmail: string; lines: ReturnType<typeof lineOf>[] }>();
  for (const row of rows) {
    writers.set(row.writerId, { id: row.writerId, name: row.writerName, email: row.writerEmail });
    if (writer !== undefined && row.writerId !== writer) continue;
    const group = groups.get(row.writerId) ?? {
      writerId: row.writerId,
      writerName: row.writerName,
      writerEmail: row.writerEmail,
      lines: [],
    };
    group.lines.push(lineOf(row));
    groups.set(row.writerId, group);
  }
  const grouped = [...groups.values()].map((g) => ({ ...g, ...sumOf(g.lines) }));
  return { writers: [...writers.values()], groups: grouped, ...sumOf(grouped.flatMap((g) => g.lines)) };
}

function lineOf(r: Awaited<ReturnType<typeof readPlacementLines>>[number]) {
  return {
    id: r.id,
    songId: r.songId,
    songTitle: r.songTitle,
    artist: r.artist,
    project: r.project,
    label: r.label,
    status: r.status,
    releaseDate: r.releaseDate,
    commissionPercent: r.commissionPercent,
    incomeCents: r.incomeCents,
    commissionCents: r.commissionCents,
    owedCents: r.incomeCents - r.commissionCents,
  };
}
