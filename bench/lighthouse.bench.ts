import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BEFORE_THE_PLAYER, buildAtCommit, buildHere, demoSongsPlayable, previewCookie, startBuiltApp, type BuiltApp } from './built-app';
import { median, type Row } from './support';

const run = promisify(execFile);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
// Chromium 156 gives Lighthouse 12 no navigation trace under the old headless mode.
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
// Lighthouse 13 needs Node 22; 12.8 is the last for Node 20. Fetched by npx, as only this benchmark uses it.
const LIGHTHOUSE = 'lighthouse@12.8.2';

export interface Audit {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's own measure of the machine's CPU at the time of the run: higher is faster. */
  benchmarkIndex: number;
  /** The element Lighthouse took as the largest contentful paint, as an HTML snippet. */
  lcpElement: string;
}

/** One Lighthouse run; a run whose trace came out broken (NO_NAVSTART, seen now and then) is run again, twice at most. */
export async function lighthouse(url: string, preset: 'mobile' | 'desktop', cookie?: string): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, preset, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`lighthouse ${preset} ${url}: run ${attempt} failed (${String(error).slice(0, 120)}); running it again`);
    }
  }
}

async function lighthouseOnce(url: string, preset: 'mobile' | 'desktop', cookie?: string): Promise<Audit> {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--only-categories=performance',
    `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // Lighthouse exits non-zero on a runtime error and prints the report anyway: either way this throws.
  const { stdout } = await run('npx', args, { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string; message: string }) => {
    throw new Error(/"code": ?"(\w+)"/.exec(error.stdout ?? '')?.[1] ?? error.message.split('\n')[0]);
  });
  const report = JSON.parse(stdout) as {
    runtimeError?: { code: string };
    environment: { benchmarkIndex: number };
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
  };
  if (report.runtimeError || report.categories.performance.score === null)
    throw new Error(report.runtimeError?.code ?? 'no performance score');
  return {
    score: Math.round(report.categories.performance.score * 100),
    cls: report.audits['cumulative-layout-shift']!.numericValue,
    lcpMs: Math.round(report.audits['largest-contentful-paint']!.numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time']!.numericValue),
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? 'unknown',
  };
}

/** Mobile pages and the score each must reach: public pages, and the catalogue signed in as a preview user. */
const ALL_PAGES = [
  { path: '/', signedIn: false, target: 95 },
  { path: '/faqs', signedIn: false, target: 95 },
  { path: '/services', signedIn: false, target: 95 },
  { path: '/songs', signedIn: true, target: 90 },
] as const;
/** LIGHTHOUSE_PAGES=/songs,/ measures only those pages. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((path) => path.trim());
const unknownPages = ONLY_PAGES?.filter((path) => !ALL_PAGES.some((page) => page.path === path)) ?? [];
if (unknownPages.length > 0) throw new Error(`LIGHTHOUSE_PAGES names pages the bench does not measure: ${unknownPages.join(', ')}`);
const PAGES = ALL_PAGES.filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.path));
const TBT_BUDGET_MS = 200;
const CLS_BUDGET = 0.02;
/** What the figures are compared with; LIGHTHOUSE_BASELINE names another commit, "none" skips it. */
const BASELINE = process.env.LIGHTHOUSE_BASELINE ?? BEFORE_THE_PLAYER;

interface Side {
  name: string;
  app: BuiltApp;
  cookie: string;
  audits: Map<string, Audit[]>;
}

/**
 * P2: Lighthouse mobile on the built app with the demo data, and on the baseline commit's build served beside
 * it, RUNS runs per page, taken in turns (page by page, this build then the baseline) so that both see the same
 * hours. This machine's speed moves several-fold with the hour, so every run prints Lighthouse's CPU benchmark
 * index, and a page's figures are the medians of its runs whose index is within 20 % of the quietest (highest)
 * index seen in the whole bench.
 */
export async function lighthouseBench(): Promise<Row[]> {
  const baseline = BASELINE === 'none' ? undefined : buildAtCommit(BASELINE);
  const sides: Side[] = [];
  const rows: Row[] = [];
  try {
    for (const [name, root] of [['this build', buildHere()], ...(baseline ? [[`baseline ${BASELINE}`, baseline.root]] : [])] as const) {
      // The demo songs' audio is rendered in the background after start: short clips, all stored before
      // Lighthouse measures, so the rendering does not load the machine meanwhile.
      const app = await startBuiltApp(root, { DEMO_AUDIO: 'short' });
      const cookie = await previewCookie(app.baseUrl);
      sides.push({ name, app, cookie, audits: new Map(PAGES.map((p) => [p.path, []])) });
      await demoSongsPlayable(app.baseUrl, cookie);
    }
    for (let i = 0; i < RUNS; i++) {
      for (const page of PAGES) {
        for (const side of sides) {
          const audit = await lighthouse(`${side.app.baseUrl}${page.path}`, 'mobile', page.signedIn ? side.cookie : undefined);
          console.error(
            `lighthouse mobile ${side.name} ${page.path} run ${i + 1}: score ${audit.score}, TBT ${audit.tbtMs} ms, LCP ${audit.lcpMs} ms, CLS ${audit.cls.toFixed(3)}, CPU benchmark index ${audit.benchmarkIndex}, LCP element ${audit.lcpElement.slice(0, 100)}`,
          );
          side.audits.get(page.path)!.push(audit);
        }
      }
    }
    const quietest = Math.max(...sides.flatMap((side) => [...side.audits.values()].flat().map((a) => a.benchmarkIndex)));
    const summary = (all: Audit[]) => {
      // A side none of whose runs came near the quietest index is read from all its runs, and says so.
      const near = all.filter((a) => a.benchmarkIndex >= quietest * 0.8);
      const quiet = near.length > 0 ? near : all;
      return {
        runs: near.length > 0 ? `${quiet.length} of ${all.length}` : `all ${all.length} (none near the quietest index)`,
        score: median(quiet.map((a) => a.score)),
        tbt: median(quiet.map((a) => a.tbtMs)),
        lcp: median(quiet.map((a) => a.lcpMs)),
        cls: Math.max(...all.map((a) => a.cls)),
      };
    };
    const [current, before] = sides;
    for (const page of PAGES) {
      const now = summary(current!.audits.get(page.path)!);
      const then = before && summary(before.audits.get(page.path)!);
      const label = `${page.path}${page.signedIn ? ' (signed in)' : ''}`;
      rows.push({
        id: 'P2',
        what: `Lighthouse mobile, ${label}: median of ${now.runs} runs within 20 % of the quietest CPU index (${quietest})`,
        figure: `score ${now.score}, TBT ${now.tbt} ms, LCP ${now.lcp} ms, CLS ${now.cls.toFixed(3)}`,
        budget: `score ≥ ${page.target}, TBT ≤ ${TBT_BUDGET_MS} ms, CLS ≤ ${CLS_BUDGET}`,
        met: now.score >= page.target && now.tbt <= TBT_BUDGET_MS && now.cls <= CLS_BUDGET,
      });
      if (then)
        rows.push({
          id: 'P2',
          what: `Lighthouse mobile, ${label}: this build against ${before!.name} in the same run (${then.runs} runs)`,
          figure: `score ${now.score} vs ${then.score}; LCP ${now.lcp} vs ${then.lcp} ms (×${(now.lcp / then.lcp).toFixed(2)}); TBT ${now.tbt} vs ${then.tbt} ms; CLS ${now.cls.toFixed(3)} vs ${then.cls.toFixed(3)}`,
          budget: 'score no lower, CLS no higher',
          met: now.score >= then.score && now.cls <= Math.max(then.cls, CLS_BUDGET),
        });
    }
  } finally {
    await Promise.all(sides.map((side) => side.app.stop()));
    baseline?.remove();
  }
  return rows;
}
