import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chunkClosure, FIRST_VIEW_PAGES, gzipBytes } from '../scripts/first-view';
import type { Manifest } from '../scripts/page-chunks';
import type { Row } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/web');

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

const gzipKb = (files: string[]) => Math.round(gzipBytes(OUT, files) / 102.4) / 10;

/** P1: gzip size of what a first visit downloads before it can be used (React 19 included): the entry and the page's static imports. */
export async function bundleBench(): Promise<Row[]> {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const manifest = JSON.parse(readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const rows: Row[] = [];
  for (const [pagePath, { modules, budgetBytes }] of Object.entries(FIRST_VIEW_PAGES)) {
    const budgetKb = Math.round(budgetBytes / 102.4) / 10;
    const chunks = chunkClosure(manifest, [entry, ...modules]);
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
async function waveformRow(manifest: Manifest, entry: string): Promise<Row> {
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
  const songPageKb = gzipKb([...chunkClosure(manifest, [entry, CATALOGUE_LAYOUT, SONG_PAGE])].map((k) => manifest[k]!.file));
  return {
    id: 'A2',
    what: 'waveform code added to the song page (gzip)',
    figure: `${waveformKb} kB (the song page's JS in all: ${songPageKb} kB)`,
    budget: '≤ 15 kB',
    met: waveformKb <= 15,
  };
}
