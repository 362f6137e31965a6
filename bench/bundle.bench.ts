import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Row } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/web');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The page modules each measured path loads (src/web/app/router.tsx: its layouts and its page), relative to src/web, and its JS budget in kB. */
const PAGES: Record<string, { modules: string[]; budgetKb: number }> = {
  '/': { modules: ['features/public/home-page.tsx'], budgetKb: 110 },
  // The catalogue's layout holds the player the list's cards play in.
  '/songs': { modules: ['features/songs/catalogue-layout.tsx', 'features/songs/songs-page.tsx'], budgetKb: 125 },
  '/auth': { modules: ['features/accounts/sign-in-page.tsx'], budgetKb: 130 },
};

/** The song page, which carries the player and its waveform . */
const SONG_PAGE = 'features/songs/song-page.tsx';
const CATALOGUE_LAYOUT = 'features/songs/catalogue-layout.tsx';
const WAVEFORM = 'src/web/components/player/waveform-slider.tsx';

/** Areas that must not be loaded by those pages: their modules' folders under src/web. */
const ELSEWHERE = [
  'features/admin/',
  'features/songs/admin/',
  'features/songwriters/',
  'features/submissions/',
  'features/reviews/',
  'features/orders/',
];

function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (files: string[]) =>
  Math.round(files.reduce((n, f) => n + gzipSync(readFileSync(path.join(OUT, f)), { level: 9 }).length, 0) / 102.4) / 10;

/** P1: gzip size of what a first visit downloads before it can be used (React 19 included): the entry and the page's static imports. */
export async function bundleBench(): Promise<Row[]> {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const rows: Row[] = [];
  for (const [pagePath, { modules, budgetKb }] of Object.entries(PAGES)) {
    const chunks = closure(manifest, [entry, ...modules]);
    const js = [...chunks].map((k) => manifest[k]!.file);
    const css = [...new Set([...chunks].flatMap((k) => manifest[k]!.css ?? []))];
    const leaked = [...chunks].filter((k) => ELSEWHERE.some((area) => k.startsWith(area)));
    const jsKb = gzipKb(js);
    const cssKb = gzipKb(css);
    rows.push({
      id: 'P1',
      what: `JS + CSS before interaction on ${pagePath} (gzip)`,
      figure: `JS ${jsKb} kB in ${js.length} files, CSS ${cssKb} kB${leaked.length ? `; loads ${leaked.join(', ')}` : ''}`,
      budget: `JS ≤ ${budgetKb} kB, CSS ≤ 20 kB, no admin/songwriter code`,
      met: jsKb <= budgetKb && cssKb <= 20 && leaked.length === 0,
    });
  }
  rows.push(await waveformRow(manifest, entry));
  return rows;
}

/**
 * A2: what the waveform adds to the song page. Its module bundled alone and minified, as the build does, with
 * what the page loads anyway left out (React, and the helpers the player shared before the waveform came).
 */
async function waveformRow(manifest: Record<string, ManifestChunk>, entry: string): Promise<Row> {
  const shared = ['../../lib/cn', './format-time'];
  const result = await build({
    entryPoints: [path.join(ROOT, WAVEFORM)],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    packages: 'external',
    external: shared,
    logLevel: 'silent',
  });
  const waveformKb = Math.round(gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length / 102.4) / 10;
  const songPageKb = gzipKb([...closure(manifest, [entry, CATALOGUE_LAYOUT, SONG_PAGE])].map((k) => manifest[k]!.file));
  return {
    id: 'A2',
    what: 'waveform code added to the song page (gzip)',
    figure: `${waveformKb} kB (the song page's JS in all: ${songPageKb} kB)`,
    budget: '≤ 15 kB',
    met: waveformKb <= 15,
  };
}
