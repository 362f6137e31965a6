import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PitchActivityEvent, PitchActivityPage } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import type { DownloadKind } from '../../../common/constants';
import type { PitchActivityQuery } from '../../../common/schemas/pitching';
import { queryRows, type Db } from '../../db/client';
import { pitchLinks, songDownloads, songPlays, songResponses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requestCompany } from '../preview-access';

const KINDS = ['hold', 'pass', 'open', 'play', 'download'] as const;
type Kind = (typeof KINDS)[number];

/** Where a page ends: the last event's time (to the microsecond, as PostgreSQL keeps it), kind and id. */
interface Cursor {
  at: string;
  kind: Kind;
  id: string;
}

const AT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.kind, c.id])).toString('base64url');

function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, kind, id] = parsed as unknown[];
      if (typeof at === 'string' && AT_KEY.test(at) && KINDS.includes(kind as Kind) && typeof id === 'string' && UUID.test(id)) {
        return { at, kind: kind as Kind, id };
      }
    }
  } catch {
    // Falls through to the same refusal as a well-formed but wrong cursor.
  }
  throw new AppError('INVALID', MESSAGES.pitching.activityCursorInvalid, { cursor: [MESSAGES.pitching.activityCursorInvalid] });
}

interface Row {
  kind: Kind;
  id: string;
  at_key: string;
  song_id: string | null;
  song_slug: string | null;
  song_title: string | null;
  song_seconds: number | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  user_company: string | null;
  pitch_link_id: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  recipient_company: string | null;
  note: string | null;
  furthest_seconds: number | null;
  duration_seconds: number | null;
  completed: boolean | null;
}

const all = (conditions: (SQL | undefined)[]): SQL => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

/**
 * Admin: the latest holds, passes, link opens and plays of preview users and pitch link recipients, newest
 * first, in one query: a UNION ALL of the three sources, each filtered before the union, then ordered and
 * cut at the cursor (keyset paging on time, kind and id, so pages neither skip nor repeat events).
 *
 * A hold or pass is dated by its latest change; a link open is the link's last open (only that one is kept).
 * With a song filter, an open counts when the opened link carries that song.
 */
export async function listPitchActivity({ db, query }: { db: Db; query: PitchActivityQuery }): Promise<PitchActivityPage> {
  const { songId, userId, pitchLinkId, limit } = query;
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;

  const listenerOf = (userCol: AnyPgColumn, linkCol: AnyPgColumn) =>
    userId ? sql`${userCol} = ${userId}` : pitchLinkId ? sql`${linkCol} = ${pitchLinkId}::uuid` : undefined;

  const plays = sql`select 'play'::text as kind, ${songPlays.id} as id, ${songPlays.playedAt} as at, ${songPlays.songId} as song_id,
      ${songPlays.userId} as user_id, ${songPlays.pitchLinkId} as pitch_link_id, null::text as note,
      ${songPlays.furthestSeconds}::float8 as furthest_seconds, ${songPlays.durationSeconds} as duration_seconds, ${songPlays.completed} as completed
    from ${songPlays}
    where ${all([songId ? sql`${songPlays.songId} = ${songId}::uuid` : undefined, listenerOf(songPlays.userId, songPlays.pitchLinkId)])}`;

  const responses = sql`select ${songResponses.response}::text, ${songResponses.id}, ${songResponses.updatedAt}, ${songResponses.songId},
      ${songResponses.userId}, ${songResponses.pitchLinkId}, ${songResponses.note}, null::float8, null::int, null::boolean
    from ${songResponses}
    where ${all([songId ? sql`${songResponses.songId} = ${songId}::uuid` : undefined, listenerOf(songResponses.userId, songResponses.pitchLinkId)])}`;

  // A download's kind (MP3 or lyric sheet) rides in the note column.
  const downloads = sql`select 'download'::text, ${songDownloads.id}, ${songDownloads.downloadedAt}, ${songDownloads.songId},
      ${songDownloads.userId}, ${songDownloads.pitchLinkId}, ${songDownloads.kind}, null::float8, null::int, null::boolean
    from ${songDownloads}
    where ${songDownloads.via} = 'download'
      and ${all([songId ? sql`${songDownloads.songId} = ${songId}::uuid` : undefined, listenerOf(songDownloads.userId, songDownloads.pitchLinkId)])}`;

  // A preview user opens no link: with a user filter this part is empty.
  const opens = sql`select 'open'::text, ${pitchLinks.id}, ${pitchLinks.lastOpenedAt}, null::uuid, null::text, ${pitchLinks.id}, null::text,
      null::float8, null::int, null::boolean
    from ${pitchLinks}
    where ${all([
      sql`${pitchLinks.lastOpenedAt} is not null`,
      userId ? sql`false` : undefined,
      pitchLinkId ? sql`${pitchLinks.id} = ${pitchLinkId}::uuid` : undefined,
      songId
        ? sql`exists (select 1 from pitch_link_songs pls where pls.pitch_link_id = ${pitchLinks.id} and pls.song_id = ${songId}::uuid)`
        : undefined,
    ])}`;

  const after = cursor ? sql`(e.at, e.kind, e.id) < (${cursor.at}::timestamptz, ${cursor.kind}::text, ${cursor.id}::uuid)` : sql`true`;

  const rows = await queryRows<Row>(
    db,
    sql`select e.kind, e.id::text as id,
        to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
        e.song_id::text as song_id, s.slug as song_slug, s.title as song_title, s.audio_duration_seconds::float8 as song_seconds,
        e.user_id, u.name as user_name, u.email as user_email,
        ${requestCompany(sql`e.user_id`)} as user_company,
        e.pitch_link_id::text as pitch_link_id, pl.recipient_name, pl.recipient_email, pl.recipient_company,
        e.note, e.furthest_seconds, e.duration_seconds, e.completed
      from (
        select * from (${plays} union all ${responses} union all ${downloads} union all ${opens}) e
        where ${after}
        order by e.at desc, e.kind desc, e.id desc
        limit ${limit + 1}
      ) e
      left join songs s on s.id = e.song_id
      left join users u on u.id = e.user_id
      left join pitch_links pl on pl.id = e.pitch_link_id
      order by e.at desc, e.kind desc, e.id desc`,
  );

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(toEvent),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at_key, kind: last.kind, id: last.id }) : null,
  };
}

function toEvent(r: Row): PitchActivityEvent {
  return {
    id: `${r.kind}:${r.id}`,
    kind: r.kind,
    at: new Date(r.at_key).toISOString(),
    song: r.song_id ? { id: r.song_id, slug: r.song_slug ?? '', title: r.song_title ?? '', durationSeconds: r.song_seconds } : null,
    listener: r.pitch_link_id
      ? { kind: 'pitch', id: r.pitch_link_id, name: r.recipient_name ?? '', email: r.recipient_email ?? '', company: r.recipient_company }
      : { kind: 'user', id: r.user_id ?? '', name: r.user_name ?? '', email: r.user_email ?? '', company: r.user_company },
    note: r.kind === 'download' ? null : r.note,
    download: r.kind === 'download' ? (r.note as DownloadKind) : null,
    play:
      r.kind === 'play'
        ? {
            listenedSeconds: Number(r.duration_seconds ?? 0),
            furthestSeconds: Number(r.furthest_seconds ?? 0),
            completed: r.completed === true,
          }
        : null,
  };
}

/** The pitch activity CSV's columns. */
export const PITCH_ACTIVITY_CSV_COLUMNS = [
  'at',
  'event',
  'song',
  'listener_kind',
  'listener_name',
  'listener_email',
  'company',
  'note',
  'listened_seconds',
  'furthest_seconds',
  'completed',
] as const;

/** A download holds at most this many events, newest first. */
export const PITCH_ACTIVITY_CSV_MAX = 100_000;

/** Every event of the activity page with its filters, newest first, as rows of PITCH_ACTIVITY_CSV_COLUMNS: the page's own query, page by page. */
export async function pitchActivityCsvRows({ db, query }: { db: Db; query: PitchActivityQuery }): Promise<string[][]> {
  const rows: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listPitchActivity({ db, query: { ...query, limit: 100, cursor } });
    for (const e of page.events)
      rows.push([
        e.at,
        e.kind,
        e.song?.title ?? '',
        e.listener.kind === 'pitch' ? 'pitch link' : 'preview user',
        e.listener.name,
        e.listener.email,
        e.listener.company ?? '',
        e.note ?? '',
        e.play ? String(e.play.listenedSeconds) : '',
        e.play ? String(e.play.furthestSeconds) : '',
        e.play ? (e.play.completed ? 'yes' : 'no') : '',
      ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && rows.length < PITCH_ACTIVITY_CSV_MAX);
  return rows;
}
