import os from 'node:os';
import { sql } from 'drizzle-orm';
import { makePreviewUser } from '../src/server/db/seed/factories';
import { SOUND_PROFILE_LENGTH, SOUND_PROFILE_VERSION } from '../src/server/features/audio';
import { loadSongs } from './catalogue.bench';
import { load, type BenchApp, type Row } from './support';

/** Concurrent listeners opening song pages: "more like this" is asked once a page, below the fold. */
const CONNECTIONS = 4;
const SECONDS = 5;

/**
 * Gives each of the catalogue bench's 10,000 songs an audio file with a sound profile of the current version:
 * random values, as far apart as real songs or farther (the query's cost does not depend on them).
 */
async function loadProfiles(app: BenchApp) {
  await app.database.db.execute(sql`
    insert into stored_files (bucket, key, content_type, size_bytes, detected_key, sound_profile, sound_profile_version)
    select 'song-audio', 'bench/profile-' || g, 'audio/mpeg', 1,
      (array['C major', 'G major', 'A minor', 'E minor'])[1 + g % 4],
      array(select random() + g * 0 from generate_series(1, ${SOUND_PROFILE_LENGTH}))::real[],
      ${SOUND_PROFILE_VERSION}
    from generate_series(1, 10000) as g`);
  await app.database.db.execute(sql`
    update songs set audio_file_id = f.id from stored_files f
    where f.key = 'bench/profile-' || substr(songs.slug, length('bench-song-') + 1)`);
  await app.database.db.execute(sql`vacuum analyze stored_files`);
}

/** "More like this" for one song over 10,000 profiled songs, beside the plain catalogue list, in one run. */
export async function similarBench(app: BenchApp): Promise<Row[]> {
  await loadSongs(app);
  await loadProfiles(app);
  const user = await makePreviewUser(app.database.db);
  const headers = { cookie: await app.cookieFor(user.email, user.password) };
  const label = app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  // The first query reads and scales every profile; the figures are of the queries after it.
  const first = performance.now();
  const warm = await fetch(`${app.url}/api/songs/bench-song-42/similar`, { headers });
  if (warm.status !== 200) throw new Error(`similar answered ${warm.status}: ${await warm.text()}`);
  const firstMs = Math.round(performance.now() - first);
  const rows: Row[] = [];
  for (const [what, path] of [
    ['catalogue list, 24 per page', '/api/songs?page=3'],
    ['more like this, one song', '/api/songs/bench-song-42/similar'],
    ['more like this, lyrics weighed in', '/api/songs/bench-song-42/similar?lyrics=true'],
  ] as const) {
    const r = await load(`${app.url}${path}`, { headers, connections: CONNECTIONS, duration: SECONDS });
    const similar = path.includes('similar');
    rows.push({
      id: 'P4',
      what: `${what}, 10k songs, ${CONNECTIONS} conns (${label})`,
      figure:
        `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s, ${r.errors + r.non2xx} errors` +
        (similar ? `; first query (reads the profiles) ${firstMs} ms` : '') +
        `; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
      budget: similar ? 'p99 < 50 ms' : 'beside it, same run',
      met: r.errors + r.non2xx === 0 && (!similar || r.p99 < 50),
    });
  }
  return rows;
}
