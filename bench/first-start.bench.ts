import { loadavg } from 'node:os';
import { BEFORE_THE_PLAYER, buildAtCommit, buildHere, demoSongsPlayable, previewCookie, startBuiltApp } from './built-app';
import type { Row } from './support';

const BUDGET_MS = 30_000;
/** Before the full-length demo songs: its demo catalogue was stored before the server answered. */
const BASELINE = process.env.FIRST_START_BASELINE ?? BEFORE_THE_PLAYER;

interface FirstStart {
  buildMs: number;
  /** From `npm start` to the home page answering 200, on a data folder of its own. */
  homeMs: number;
  /** From `npm start` to every demo song playable (no longer Processing). */
  playableMs: number;
}

/** `npm start` as a fresh clone runs it: the build, then the server on an empty data folder with the demo catalogue. */
async function firstStart(build: () => string): Promise<FirstStart> {
  const started = performance.now();
  const root = build();
  const buildMs = performance.now() - started;
  // No DEMO_AUDIO: the short demo clips, as `npm start` makes them.
  const app = await startBuiltApp(root);
  try {
    const home = await fetch(`${app.baseUrl}/`);
    if (home.status !== 200) throw new Error(`/ answered ${home.status} on first start`);
    const homeMs = performance.now() - started;
    await demoSongsPlayable(app.baseUrl, await previewCookie(app.baseUrl));
    return { buildMs: Math.round(buildMs), homeMs: Math.round(homeMs), playableMs: Math.round(performance.now() - started) };
  } finally {
    await app.stop();
  }
}

/**
 * P8: a fresh clone's first `npm start`, to `/` answering and to every demo song playable, beside the same for
 * the baseline commit in the same run. The load average is printed because this machine's speed moves with it.
 */
export async function firstStartBench(): Promise<Row[]> {
  const load = loadavg()[0]!.toFixed(1);
  const now = await firstStart(buildHere);
  let baseline: ReturnType<typeof buildAtCommit> | undefined;
  let then: FirstStart | undefined;
  try {
    // Its build is timed too, with the worktree's checkout (a second or so) and this checkout's node_modules.
    if (BASELINE !== 'none') then = await firstStart(() => (baseline = buildAtCommit(BASELINE)).root);
  } finally {
    baseline?.remove();
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    {
      id: 'P8',
      what: `first npm start on a fresh data folder (load average ${load} at the start): build, then / answering, then every demo song playable`,
      figure:
        `/ after ${seconds(now.homeMs)} (build ${seconds(now.buildMs)}), all demo songs playable after ${seconds(now.playableMs)}` +
        (then
          ? `; baseline ${BASELINE}: / after ${seconds(then.homeMs)} (build ${seconds(then.buildMs)}), ×${(now.homeMs / then.homeMs).toFixed(2)}`
          : ''),
      budget: `/ within ${BUDGET_MS / 1000} s`,
      met: now.homeMs <= BUDGET_MS,
    },
  ];
}
