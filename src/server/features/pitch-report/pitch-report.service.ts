import { sql, type SQL } from 'drizzle-orm';
import type { PitchReport, PitchReportResponse, PitchReportSong } from '../../../common/responses';
import type { SongResponse } from '../../../common/constants';
import { queryRows, type DbOrTx } from '../../db/client';
import { playReach, requestCompany } from '../preview-access';

/** A stretch of time, from inclusive, to exclusive: the weekly digest reads one week of activity. */
export interface Window {
  from: Date;
  to: Date;
}

/**
 * Listening that counts for a writer: preview users' and pitch link recipients'. An admin's own plays and
 * answers (checking a song, trying the player) are not pitching, so they stay out of the report.
 */
const byListener = (userId: SQL) => sql`(${userId} is null or not exists (
  select 1 from user_roles ur where ur.user_id = ${userId} and ur.role = 'admin'))`;

const within = (at: SQL, window: Window | undefined) =>
  window ? sql`${at} >= ${window.from.toISOString()}::timestamptz and ${at} < ${window.to.toISOString()}::timestamptz` : sql`true`;

interface SongRow {
  id: string;
  title: string;
  published: boolean;
  listeners: number;
  plays: number;
  depth: number | null;
  last_play: Date | string | null;
  downloads: number;
  last_download: Date | string | null;
}

interface ResponseRow {
  song_id: string;
  response: SongResponse;
  at: Date | string;
  company: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A songwriter's pitched songs (catalogue songs whose pitch agreement is theirs) with their listening, holds and
 * passes, most recently active first. Listeners are counted, never named: the only identity that leaves is the
 * company of a hold the admin chose to show (song_responses.company_shown_to_writer). With a window, only the
 * activity inside it, and only the songs that had some.
 */
export async function pitchReport({
  db,
  songwriterId,
  window,
}: {
  db: DbOrTx;
  songwriterId: string;
  window?: Window;
}): Promise<PitchReport> {
  // Depth: each listener's furthest point (as playReach reads a play), then the mean over listeners.
  const songRows = await queryRows<SongRow>(
    db,
    sql`with mine as (
        select s.id, s.title, s.is_active, s.audio_duration_seconds
        from songs s join pitch_agreements a on a.id = s.pitch_agreement_id
        where a.songwriter_id = ${songwriterId}
      ),
      listened as (
        select p.song_id, coalesce(p.user_id, p.pitch_link_id::text) as listener, count(*)::int as plays, max(p.played_at) as last_play,
          max(${playReach({ furthestSeconds: sql`p.furthest_seconds`, completed: sql`p.completed`, songSeconds: sql`m.audio_duration_seconds` })}) as reach
        from song_plays p join mine m on m.id = p.song_id
        where ${byListener(sql`p.user_id`)} and ${within(sql`p.played_at`, window)}
        group by p.song_id, coalesce(p.user_id, p.pitch_link_id::text)
      )
      select m.id::text as id, m.title, m.is_active as published,
        count(l.listener)::int as listeners, coalesce(sum(l.plays), 0)::int as plays,
        (avg(l.reach) * 100)::float8 as depth, max(l.last_play) as last_play,
        coalesce(max(d.downloads), 0)::int as downloads, max(d.last_download) as last_download
      from mine m left join listened l on l.song_id = m.id
      left join (
        select d.song_id, count(*)::int as downloads, max(d.downloaded_at) as last_download
        from song_downloads d
        where d.via = 'download' and ${byListener(sql`d.user_id`)} and ${within(sql`d.downloaded_at`, window)}
        group by d.song_id
      ) d on d.song_id = m.id
      group by m.id, m.title, m.is_active`,
  );
  if (songRows.length === 0) return { songs: [] };

  const responseRows = await queryRows<ResponseRow>(
    db,
    sql`select r.song_id::text as song_id, r.response, r.updated_at as at,
        case when r.response = 'hold' and r.company_shown_to_writer
          then coalesce(l.recipient_company, ${requestCompany(sql`r.user_id`)}) end as company
      from song_responses r
      left join pitch_links l on l.id = r.pitch_link_id
      where r.song_id in (${sql.join(
        songRows.map((s) => sql`${s.id}::uuid`),
        sql`, `,
      )})
        and ${byListener(sql`r.user_id`)} and ${within(sql`r.updated_at`, window)}
      order by r.updated_at desc, r.id`,
  );

  const responsesOf = new Map<string, PitchReportResponse[]>();
  for (const r of responseRows) {
    const list = responsesOf.get(r.song_id) ?? [];
    list.push({ response: r.response, at: iso(r.at), company: r.company });
    responsesOf.set(r.song_id, list);
  }

  const songs: PitchReportSong[] = songRows.map((s) => {
    const responses = responsesOf.get(s.id) ?? [];
    const times = [s.last_play ? iso(s.last_play) : null, s.last_download ? iso(s.last_download) : null, responses[0]?.at ?? null].filter(
      (t): t is string => t !== null,
    );
    return {
      id: s.id,
      title: s.title,
      published: s.published,
      listeners: Number(s.listeners),
      plays: Number(s.plays),
      downloads: Number(s.downloads),
      averageDepthPercent: s.depth === null ? null : Math.round(Number(s.depth) * 10) / 10,
      responses,
      lastActivityAt: times.sort().at(-1) ?? null,
    };
  });
  const active = window ? songs.filter((s) => s.lastActivityAt !== null) : songs;
  // Most recently active first; songs without activity after them, by title.
  return {
    songs: active.sort(
      (a, b) =>
        (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? '') || a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
    ),
  };
}
