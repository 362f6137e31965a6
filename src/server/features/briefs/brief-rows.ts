import { asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COMPANY_TIME_ZONE } from '../../../common/constants';
import { dayIn } from '../../../common/days';
import type { BriefReference, OwnBrief } from '../../../common/responses/briefs';
import type { DbOrTx } from '../../db/client';
import { briefReferences, briefs, songs } from '../../db/schema';

/** Today in Nashville: a brief takes answers up to and including its deadline day. */
export const briefToday = (now: Date) => dayIn(COMPANY_TIME_ZONE, now);
export const isExpired = (deadlineOn: string, now: Date) => deadlineOn < briefToday(now);

/**
 * The catalogue song an answer stands for: the one answered with, or the song a new answer's signed agreement
 * brought into the catalogue (null until then).
 */
export const answerSong = (songId: AnyColumn | SQL, submissionId: AnyColumn | SQL) =>
  sql<string | null>`coalesce(${songId}, (select s.id from songs s join pitch_agreements pa on pa.id = s.pitch_agreement_id
    where pa.review_id = ${submissionId} and pa.status = 'accepted' limit 1))`;

/** How many of a brief's answers meet `filter` (the brief named in full: drizzle leaves a lone table's columns unqualified). */
const answerCount = (filter: SQL = sql`true`) =>
  sql<number>`(select count(*) from brief_answers a where a.brief_id = "briefs"."id" and ${filter})::int`.mapWith(Number);

/** A brief's answer counts; held counts shortlisted songs the brief's owner has put on hold. */
const countColumns = {
  answers: answerCount(),
  screened: answerCount(sql`a.verdict is not null`),
  shortlisted: answerCount(sql`a.shortlisted_at is not null`),
  held: answerCount(
    sql`a.shortlisted_at is not null and exists (select 1 from song_responses r
      where r.user_id = "briefs"."owner_id" and r.response = 'hold' and r.song_id = ${answerSong(sql`a.song_id`, sql`a.submission_id`)})`,
  ),
};

export const briefColumns = {
  id: briefs.id,
  ownerId: briefs.ownerId,
  title: briefs.title,
  description: briefs.description,
  genre: briefs.genre,
  tempoMin: briefs.tempoMin,
  tempoMax: briefs.tempoMax,
  musicalKey: briefs.musicalKey,
  vocal: briefs.vocal,
  moods: briefs.moods,
  oneStopRequired: briefs.oneStopRequired,
  artistShown: briefs.artistShown,
  deadlineOn: briefs.deadlineOn,
  state: briefs.state,
  showBuyer: briefs.showBuyer,
  shortlistPlaylistId: briefs.shortlistPlaylistId,
  createdAt: briefs.createdAt,
  approvedAt: briefs.approvedAt,
  closedAt: briefs.closedAt,
};

/** Each brief's reference songs, in the owner's order (inactive songs left out). */
export async function referencesOf(db: DbOrTx, briefIds: string[]): Promise<Map<string, BriefReference[]>> {
  const byBrief = new Map<string, BriefReference[]>();
  if (briefIds.length === 0) return byBrief;
  const rows = await db
    .select({ briefId: briefReferences.briefId, songId: songs.id, slug: songs.slug, title: songs.title })
    .from(briefReferences)
    .innerJoin(songs, eq(songs.id, briefReferences.songId))
    .where(sql`${inArray(briefReferences.briefId, briefIds)} and ${songs.isActive}`)
    .orderBy(asc(briefReferences.position));
  for (const { briefId, ...ref } of rows) byBrief.set(briefId, [...(byBrief.get(briefId) ?? []), ref]);
  return byBrief;
}

/** Briefs as their owner and the admins read them, newest first. */
export async function ownBriefs(db: DbOrTx, where: SQL | undefined, now: Date): Promise<(OwnBrief & { ownerId: string })[]> {
  const rows = await db
    .select({ ...briefColumns, ...countColumns })
    .from(briefs)
    .where(where)
    .orderBy(desc(briefs.createdAt), asc(briefs.id));
  const refs = await referencesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ answers, screened, shortlisted, held, ...r }) => ({
    ...r,
    counts: { answers, screened, shortlisted, held },
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    expired: isExpired(r.deadlineOn, now),
    references: refs.get(r.id) ?? [],
  }));
}
