import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../common/messages';
import type { Db } from '../../db/client';
import { songPlays, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/accounts.service';

/** The first report of a player instance creates its play row (spec: one play per player instance). */
export async function startPlay({
  db,
  actor,
  songId,
  durationSeconds,
  completed,
}: {
  db: Db;
  actor: Actor;
  songId: string;
  durationSeconds: number;
  completed: boolean;
}) {
  const visible = actor.roles.has('admin') ? undefined : eq(songs.isActive, true);
  const [song] = await db.select({ id: songs.id }).from(songs).where(and(eq(songs.id, songId), visible));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  const [row] = await db.insert(songPlays).values({ userId: actor.id, songId, durationSeconds, completed }).returning({ id: songPlays.id });
  return row!;
}

/** Later reports of the same player: listening time only grows, and a completed play stays completed. */
export async function updatePlay({
  db,
  actor,
  id,
  durationSeconds,
  completed,
}: {
  db: Db;
  actor: Actor;
  id: string;
  durationSeconds: number;
  completed: boolean;
}) {
  const [row] = await db
    .update(songPlays)
    .set({
      durationSeconds: sql`greatest(${songPlays.durationSeconds}, ${durationSeconds})`,
      completed: sql`${songPlays.completed} or ${completed}`,
    })
    .where(and(eq(songPlays.id, id), eq(songPlays.userId, actor.id)))
    .returning({ id: songPlays.id });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
}
