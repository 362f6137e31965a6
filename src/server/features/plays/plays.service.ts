import { and, eq, sql } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { songPlays, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/accounts.service';

/**
 * A point in a song as song_plays stores it, for every listener (preview users and pitch recipients alike):
 * hundredths are plenty, and a real (float4) column refuses what underflows it, such as 5e-324.
 */
export const toCentiseconds = (seconds: number) => Math.round(seconds * 100) / 100;

/** The first report of a player instance creates its play row (one play per player instance). */
export async function startPlay({
  db,
  actor,
  songId,
  durationSeconds,
  furthestSeconds,
  completed,
}: {
  db: Db;
  actor: Actor;
  songId: string;
  durationSeconds: number;
  furthestSeconds: number;
  completed: boolean;
}) {
  const visible = actor.roles.has('admin') ? undefined : eq(songs.isActive, true);
  const [song] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.id, songId), visible));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  const [row] = await db
    .insert(songPlays)
    .values({ userId: actor.id, songId, durationSeconds, furthestSeconds: toCentiseconds(furthestSeconds), completed })
    .returning({ id: songPlays.id });
  return row!;
}

/** Later reports of the same player: listening time and the furthest point only grow, and a completed play stays completed. */
export async function updatePlay({
  db,
  actor,
  id,
  durationSeconds,
  furthestSeconds,
  completed,
}: {
  db: Db;
  actor: Actor;
  id: string;
  durationSeconds: number;
  furthestSeconds: number;
  completed: boolean;
}) {
  const [row] = await db
    .update(songPlays)
    .set({
      durationSeconds: sql`greatest(${songPlays.durationSeconds}, ${durationSeconds})`,
      furthestSeconds: sql`greatest(${songPlays.furthestSeconds}, ${toCentiseconds(furthestSeconds)}::real)`,
      completed: sql`${songPlays.completed} or ${completed}`,
    })
    .where(and(eq(songPlays.id, id), eq(songPlays.userId, actor.id)))
    .returning({ id: songPlays.id });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
}
