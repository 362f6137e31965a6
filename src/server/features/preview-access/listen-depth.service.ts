import { eq, sql, type SQL } from 'drizzle-orm';
import type { SongListener } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { queryRows, type Db } from '../../db/client';
import { songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requestCompany } from './request-company';

/** The drop-off chart's resolution: the song's length in this many equal stretches. */
export const DROP_OFF_BUCKETS = 40;
/** The listeners shown for one song, most recent first. */
const LISTENERS_MAX = 500;

/**
 * How far one play got, as a fraction of the song from 0 to 1: its furthest point over the song's length, and
 * the whole song for a completed play. Null when the length is unknown. The drop-off chart and the writer's
 * pitch report both read depth this way.
 */
export function playReach({
  furthestSeconds,
  completed,
  songSeconds,
}: {
  furthestSeconds: SQL;
  completed: SQL;
  songSeconds: SQL;
}): SQL<number | null> {
  return sql<number | null>`(case when coalesce(${songSeconds}, 0) <= 0 then null when ${completed} then 1.0::float8
    else least(1.0, ${furthestSeconds} / ${songSeconds}::float8) end)`;
}

/**
 * For each of DROP_OFF_BUCKETS stretches of the song, how many plays got into it (furthest point past the
 * stretch's start; a completed play reaches them all), and the number of plays. One aggregate query: the
 * plays are counted into at most 41 groups by how many stretches they reached, then summed per stretch.
 */
async function dropOff(db: Db, songId: string, durationSeconds: number | null) {
  const n = DROP_OFF_BUCKETS;
  const rows = await queryRows<{ reached: number; plays: number }>(
    db,
    sql`
    with reach as (
      select ceil(${playReach({ furthestSeconds: sql`furthest_seconds`, completed: sql`completed`, songSeconds: sql`${durationSeconds}::float8` })} * ${n})::int as stretches
      from song_plays where song_id = ${songId}
    ),
    histogram as (select stretches, count(*)::int as plays from reach group by stretches)
    select coalesce(sum(h.plays) filter (where h.stretches > g.i), 0)::int as reached,
      (select count(*) from reach)::int as plays
    from generate_series(0, ${n - 1}) as g(i) left join histogram h on true
    group by g.i order by g.i`,
  );
  return { plays: Number(rows[0]?.plays ?? 0), reached: durationSeconds ? rows.map((r) => Number(r.reached)) : null };
}

/** Everyone who played the song (preview users and pitch link recipients), with how far each got. */
async function songListeners(db: Db, songId: string): Promise<SongListener[]> {
  const rows = await queryRows<SongListener & { lastPlayedAt: Date | string }>(
    db,
    sql`
    select
      case when p.user_id is null then 'pitch' else 'user' end as "kind",
      coalesce(p.user_id, p.pitch_link_id::text) as "id",
      coalesce(u.name, l.recipient_name, '') as "name",
      coalesce(u.email, l.recipient_email, '') as "email",
      coalesce(l.recipient_company, ${requestCompany(sql`u.id`)}) as "company",
      count(*)::int as "plays",
      sum(p.duration_seconds)::int as "listenedSeconds",
      max(p.furthest_seconds)::float8 as "furthestSeconds",
      bool_or(p.completed) as "completed",
      max(p.played_at) as "lastPlayedAt"
    from song_plays p
    left join users u on u.id = p.user_id
    left join pitch_links l on l.id = p.pitch_link_id
    where p.song_id = ${songId}
    group by p.user_id, p.pitch_link_id, u.id, l.id
    order by max(p.played_at) desc
    limit ${LISTENERS_MAX}`,
  );
  return rows.map((r) => ({ ...r, lastPlayedAt: new Date(r.lastPlayedAt).toISOString() }));
}

/** GET /api/admin/preview-activity/songs/:songId: where listeners stop, and who listened how far. */
export async function getSongListenDepth({ db, songId }: { db: Db; songId: string }) {
  const [song] = await db
    .select({ id: songs.id, title: songs.title, slug: songs.slug, durationSeconds: songs.audioDurationSeconds })
    .from(songs)
    .where(eq(songs.id, songId));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  const [{ plays, reached }, listeners] = await Promise.all([dropOff(db, songId, song.durationSeconds), songListeners(db, songId)]);
  return { song, plays, reached, listeners };
}
