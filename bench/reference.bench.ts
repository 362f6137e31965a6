import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { makePreviewUser } from '../src/server/db/seed/factories';
import { createAnalysisWorker, SOUND_PROFILE_LENGTH, SOUND_PROFILE_VERSION } from '../src/server/features/audio';
import { clearCatalogueProfiles } from '../src/server/features/similarity';
import { createLogger } from '../src/server/lib/logger';
import { TestClient } from '../tests/setup/http-client';
import { loadSongs } from './catalogue.bench';
import { load, type BenchApp, type Row } from './support';

const REFERENCE_SECONDS = 240;
const BUDGET_FIRST_RESULTS_S = 10;
const BUDGET_LIST_P99_MS = 100;
const CONNECTIONS = 10;
/** The catalogue list is loaded this long from the upload on: longer than the analysis should take. */
const DURATION_S = 12;

/** A 4-minute song-like MP3 from ffmpeg: a beat over a held chord, so decoding and every analyser do real work. */
function renderReference(folder: string): string {
  const file = path.join(folder, 'reference.mp3');
  const beat = (60 / 96).toFixed(4);
  const pulse = `0.5*sin(2*PI*60*t)*exp(-10*mod(t\\,${beat}))`;
  const chord = (f: number) => `0.12*sin(2*PI*${f}*t)+0.08*sin(2*PI*${(f * 1.26).toFixed(2)}*t)+0.06*sin(2*PI*${(f * 1.5).toFixed(2)}*t)`;
  const expr = `${pulse}+${chord(220)}|${pulse}+${chord(330)}`;
  execFileSync('/usr/bin/ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${expr}:s=44100:d=${REFERENCE_SECONDS}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    file,
  ]);
  return file;
}

/** Every song of the bench catalogue gets an analysed audio file with a sound profile of the current version. */
async function profileSongs(app: BenchApp) {
  await app.database.db.execute(sql`
    with f as (
      insert into stored_files (bucket, key, content_type, size_bytes, audio_peaks, sound_profile, sound_profile_version)
      select 'song-audio', 'bench-profile/' || s.id, 'audio/mpeg', 1, array[1]::smallint[],
        (select array_agg(random()::real) from generate_series(1, ${SOUND_PROFILE_LENGTH}) where s.id is not null),
        ${SOUND_PROFILE_VERSION}
      from songs s
      returning id, key)
    update songs set audio_file_id = f.id from f where f.key = 'bench-profile/' || songs.id`);
  clearCatalogueProfiles();
}

/**
 * "Sounds like" under load: over 10,000 profiled songs, a buyer uploads a 4-minute MP3 reference; the analysis
 * pipeline's worker (in this process, its decoding in the worker pool's threads) measures it while ten
 * connections load the catalogue list. Figures: the time from the upload's start to the first ranked results,
 * and the list's p99 in that same window, beside the list's p99 idle just before.
 */
export async function referenceBench(app: BenchApp): Promise<Row[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pitchroom-bench-reference-'));
  const worker = createAnalysisWorker({ db: app.database.db, storage: app.storage, logger: createLogger('silent'), pollMs: 200 });
  let ticking = true;
  try {
    const mp3 = readFileSync(renderReference(folder));
    await loadSongs(app);
    await profileSongs(app);
    const user = await makePreviewUser(app.database.db);
    const cookie = await app.cookieFor(user.email, user.password);
    // The app's own origin as its config names it (PUBLIC_URL unset, PORT 0): the origin check wants it on writes.
    const buyer = new TestClient(app.url, 'http://localhost:3000');
    await buyer.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const listUrl = `${app.url}/api/songs`;
    await load(listUrl, { connections: CONNECTIONS, duration: 2, headers: { cookie } });
    const idle = await load(listUrl, { connections: CONNECTIONS, duration: 5, headers: { cookie } });

    // The worker polls as the server's does; its jobs' decoding runs in the pool's threads.
    const ticks = (async () => {
      while (ticking) {
        if ((await worker.tick()) === 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const started = performance.now();
    const busy = load(listUrl, { connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
    const form = new FormData();
    form.set('data', '{}');
    form.set('audio', new Blob([new Uint8Array(mp3)]), 'reference.mp3');
    const uploaded = await buyer.sendForm('POST', '/api/references', form);
    if (uploaded.status !== 201) throw new Error(`the reference upload failed: ${uploaded.status} ${uploaded.text}`);
    const uploadedS = (performance.now() - started) / 1000;
    let firstResultsS = Number.NaN;
    let count = 0;
    while (performance.now() - started < 60_000) {
      const state = (await buyer.get(`/api/references/${uploaded.body.id}`)).body.state;
      if (state === 'failed') throw new Error('the reference analysis failed');
      if (state === 'done') {
        const ranked = await buyer.get(`/api/sounds-like?reference=${uploaded.body.id}`);
        count = ranked.body.songs.length;
        firstResultsS = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const list = await busy;
    ticking = false;
    await ticks;
    const label = app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    return [
      {
        id: 'S1',
        what: `4-min MP3 reference to first ranked results over 10,000 songs (${label}, load average ${loadavg()[0]!.toFixed(1)})`,
        figure: `${firstResultsS.toFixed(1)} s (uploaded in ${uploadedS.toFixed(1)} s; ${count} songs ranked)`,
        budget: `< ${BUDGET_FIRST_RESULTS_S} s`,
        met: firstResultsS < BUDGET_FIRST_RESULTS_S,
      },
      {
        id: 'S1',
        what: `signed-in catalogue list, ${CONNECTIONS} conns, during the reference's upload and analysis (${label})`,
        figure: `p50 ${list.p50} ms, p99 ${list.p99} ms, ${list.rps} req/s, ${list.errors + list.non2xx} errors; idle just before: p50 ${idle.p50} ms, p99 ${idle.p99} ms, ${idle.rps} req/s`,
        budget: `p99 < ${BUDGET_LIST_P99_MS} ms`,
        met: list.errors + list.non2xx === 0 && list.p99 < BUDGET_LIST_P99_MS,
      },
    ];
  } finally {
    ticking = false;
    rmSync(folder, { recursive: true, force: true });
  }
}
