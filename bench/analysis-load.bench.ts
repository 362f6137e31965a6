import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/seed';
import { createTestDatabaseUrl } from '../tests/setup/database';
import { TestClient } from '../tests/setup/http-client';
import { buildHere, previewCookie, startBuiltApp, type BuiltApp } from './built-app';
import { load, type DbKind, type LoadResult, type Row } from './support';

const FFMPEG = '/usr/bin/ffmpeg';
/** A songwriter's largest WAV: 590 s of 16-bit stereo at 44.1 kHz is 104,076,044 bytes, under the 100 MiB limit. */
const WAV_SECONDS = 590;
const MP3_COUNT = 10;
const MP3_SECONDS = 210;
const BUDGET_P99_MS = 100;
/**
 * Ten visitors at once: enough that a blocked event loop shows in every one's answer, few enough that the p99
 * is the app's and not a queue of the load generator's own making on a two-core machine.
 */
const CONNECTIONS = 10;
const DURATION_S = 8;

/**
 * A song-like signal rendered by ffmpeg: a low pulse on every beat over a held chord, different in each
 * channel, so the decoding, the tempo, key and sections analysers and the loudness meter all do real work.
 */
function render(file: string, seconds: number, bpm: number, codec: string[]) {
  const beat = (60 / bpm).toFixed(4);
  const pulse = `0.5*sin(2*PI*60*t)*exp(-10*mod(t\\,${beat}))`;
  const chord = (f: number) => `0.12*sin(2*PI*${f}*t)+0.08*sin(2*PI*${(f * 1.26).toFixed(2)}*t)+0.06*sin(2*PI*${(f * 1.5).toFixed(2)}*t)`;
  const expr = `${pulse}+${chord(220)}|${pulse}+${chord(330)}`;
  execFileSync(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${expr}:s=44100:d=${seconds}`, ...codec, file]);
}

/**
 * The audio the bench queues: one 100 MB WAV, and ten 3.5-minute MP3s encoded from stretches of it (each its
 * own part of the take; ffmpeg's expression source is slow, its MP3 encoder fast).
 */
function renderAudio(folder: string): { wav: string; mp3s: string[] } {
  const wav = path.join(folder, 'long-take.wav');
  render(wav, WAV_SECONDS, 92, ['-c:a', 'pcm_s16le']);
  const mp3s = Array.from({ length: MP3_COUNT }, (_, i) => {
    const file = path.join(folder, `song-${i + 1}.mp3`);
    const from = String((i * (WAV_SECONDS - MP3_SECONDS)) / MP3_COUNT);
    execFileSync(FFMPEG, [
      '-v',
      'error',
      '-y',
      '-ss',
      from,
      '-t',
      String(MP3_SECONDS),
      '-i',
      wav,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '192k',
      file,
    ]);
    return file;
  });
  return { wav, mp3s };
}

const signedIn = async (baseUrl: string, account: { email: string; password: string }) => {
  const client = new TestClient(baseUrl, baseUrl);
  const res = await client.post('/api/auth/sign-in/email', account);
  if (res.status !== 200) throw new Error(`sign-in as ${account.email} failed: ${res.status}`);
  return client;
};

const fileForm = (file: string, data: Record<string, unknown> = {}) => {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  form.set('audio', new Blob([readFileSync(file)]), path.basename(file));
  return form;
};

/**
 * Queues the analysis of the WAV (a demo songwriter's submission, on a package paid at the built-in test
 * checkout) and then of the MP3s (the admin's catalogue uploads); answers the MP3 uploads' ids. Jobs run oldest
 * first, so when the last MP3 is analysed the WAV is too.
 */
async function queueAnalyses(baseUrl: string, audio: { wav: string; mp3s: string[] }): Promise<{ admin: TestClient; ids: string[] }> {
  const writer = await signedIn(baseUrl, DEMO_ACCOUNTS.songwriter);
  const checkout = await writer.post('/api/songwriters/me/checkout', { packageSize: 1 });
  if (checkout.status !== 201) throw new Error(`checkout failed: ${checkout.status} ${checkout.text}`);
  if (!checkout.body.paidWithCredit) {
    const sessionId = new URL(checkout.body.url, baseUrl).pathname.split('/').pop()!;
    const paid = await writer.post(`/api/test-checkout/${sessionId}/pay`);
    if (paid.status !== 200) throw new Error(`test checkout failed: ${paid.status} ${paid.text}`);
  }
  const submitted = await writer.sendForm(
    'POST',
    '/api/submissions',
    fileForm(audio.wav, {
      orderId: checkout.body.orderId,
      title: 'Long Take',
      lyricsText: 'A verse for the bench',
      storyArc: 'A long take, to load the analysis.',
      aiUsage: 'No AI was used at all.',
      agreed: true,
    }),
  );
  if (submitted.status !== 201) throw new Error(`the WAV submission failed: ${submitted.status} ${submitted.text}`);
  const admin = await signedIn(baseUrl, DEMO_ACCOUNTS.admin);
  const ids: string[] = [];
  for (const mp3 of audio.mp3s) {
    const res = await admin.sendForm('POST', '/api/admin/song-audio', fileForm(mp3));
    if (res.status !== 201) throw new Error(`the MP3 upload failed: ${res.status} ${res.text}`);
    ids.push(res.body.id as string);
  }
  return { admin, ids };
}

/** How many of the uploads' analyses have not ended yet. */
async function analysesLeft(admin: TestClient, ids: string[]): Promise<number> {
  const states = await Promise.all(ids.map(async (id) => (await admin.get(`/api/admin/song-audio/${id}`)).body.analysis?.state));
  return states.filter((s) => s !== 'done' && s !== 'failed').length;
}

/**
 * A bare node:http server answering `{"status":"ok"}`, in a process of its own as the built app is: on a
 * shared machine each process waits for the scheduler alike, where one inside the load generator's would not.
 */
async function startBareProcess(): Promise<{ url: string; close(): void }> {
  const script = `const s = require('node:http').createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json' }); r.end('{"status":"ok"}'); });
s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill() };
}

/**
 * With ANALYSIS_BENCH_PROFILE set, the app runs under --cpu-prof: the main thread's busiest functions (self
 * time, from the profile its exit writes), to see what of the analysis, if anything, runs beside the requests.
 */
function mainThreadHotspots(dir: string): string {
  // Worker threads write profiles of their own; the main thread's is thread 0's.
  const main = readdirSync(dir)
    .filter((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name))
    .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0];
  if (!main) return 'no main-thread profile written';
  const profile = JSON.parse(readFileSync(path.join(dir, main), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!;
    const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + profile.timeDeltas[i]!);
    total += profile.timeDeltas[i]!;
  });
  return [...self]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)} ms (${((us / total) * 100).toFixed(1)} %)`)
    .join('; ');
}

interface Phase {
  health: LoadResult;
  list: LoadResult;
  bare: LoadResult;
}

/** The two routes and the floor, one after another, each for DURATION_S. */
async function measure(app: BuiltApp, cookie: string, bareUrl: string): Promise<Phase> {
  const options = { connections: CONNECTIONS, duration: DURATION_S };
  const health = await load(`${app.baseUrl}/api/health`, options);
  const list = await load(`${app.baseUrl}/api/songs`, { ...options, headers: { cookie } });
  const bare = await load(bareUrl, options);
  return { health, list, bare };
}

/** The built app on one database kind: idle, then while the queued audio is analysed. */
async function runOn(root: string, kind: DbKind, audio: { wav: string; mp3s: string[] }): Promise<Row[]> {
  const pg = kind === 'postgres' ? await createTestDatabaseUrl(process.env.DATABASE_URL!) : undefined;
  const profileDir = process.env.ANALYSIS_BENCH_PROFILE ? mkdtempSync(path.join(tmpdir(), 'pitchroom-bench-profile-')) : undefined;
  const app = await startBuiltApp(root, pg ? { DATABASE_URL: pg.url } : {}, {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const bare = await startBareProcess();
  let stopped = false;
  try {
    const cookie = await previewCookie(app.baseUrl);
    // A warm-up, so neither phase pays for the first requests' compilation.
    await load(`${app.baseUrl}/api/songs`, { connections: CONNECTIONS, duration: 2, headers: { cookie } });
    const idle = await measure(app, cookie, bare.url);
    const queuedAt = performance.now();
    const { admin, ids } = await queueAnalyses(app.baseUrl, audio);
    const uploadSeconds = (performance.now() - queuedAt) / 1000;
    const busy = await measure(app, cookie, bare.url);
    const leftAfter = await analysesLeft(admin, ids);
    const busySeconds = (performance.now() - queuedAt) / 1000;
    bare.close();
    await app.stop();
    stopped = true;
    const hotspots = profileDir ? mainThreadHotspots(profileDir) : undefined;
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const row = (what: string, r: LoadResult, floor: LoadResult, during: boolean): Row => ({
      id: 'P9',
      what: `${what}, ${CONNECTIONS} conns, ${during ? 'during analysis' : 'idle'} (${label}, built app)`,
      figure:
        `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s, ${r.errors + r.non2xx} errors; ` +
        `bare node:http in a process of its own, same phase: p50 ${floor.p50} ms, p99 ${floor.p99} ms, ${floor.rps} req/s`,
      budget: `p99 < ${BUDGET_P99_MS} ms`,
      met: r.errors + r.non2xx === 0 && r.p99 < BUDGET_P99_MS,
    });
    return [
      row('GET /api/health', idle.health, idle.bare, false),
      row('signed-in catalogue list', idle.list, idle.bare, false),
      row('GET /api/health', busy.health, busy.bare, true),
      row('signed-in catalogue list', busy.list, busy.bare, true),
      {
        id: 'P9',
        what: `the analysis load (${label}): a 100 MB WAV and ten 3.5-min MP3s (load average ${loadavg()[0]!.toFixed(1)})`,
        figure:
          `uploaded in ${uploadSeconds.toFixed(1)} s; ${leftAfter} of ${ids.length} MP3s (queued behind the WAV) still to analyse ` +
          `${busySeconds.toFixed(0)} s after the first upload, when the busy figures ended`,
        budget: 'figures taken while analysing',
        met: leftAfter > 0,
      },
      ...(hotspots
        ? [{ id: 'P9', what: `main thread's busiest functions, whole run (${label})`, figure: hotspots, budget: '—', met: null }]
        : []),
    ];
  } finally {
    if (!stopped) {
      bare.close();
      await app.stop();
    }
    await pg?.dispose();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

/**
 * P9: the analysis pipeline never blocks a request. The built app (as `npm start` serves it) answers the health
 * route and a signed-in catalogue list at idle, then while a 100 MB WAV and ten MP3s are analysed, each
 * beside a bare node:http server measured at the same moment.
 */
export async function analysisLoadBench(): Promise<Row[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pitchroom-bench-analysis-'));
  try {
    const audio = renderAudio(folder);
    const root = process.env.BENCH_SKIP_BUILD ? path.resolve(import.meta.dirname, '..') : buildHere();
    const rows = await runOn(root, 'pglite', audio);
    if (process.env.DATABASE_URL) rows.push(...(await runOn(root, 'postgres', audio)));
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
