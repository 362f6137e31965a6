import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/web');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The page module each measured path loads (src/web/app/router.tsx), relative to src/web. */
const PAGES = {
  '/': 'features/public/home-page.tsx',
  '/songs': 'features/catalogue/songs-page.tsx',
  '/auth': 'features/auth/sign-in-page.tsx',
} as const;

/** Areas that must not be loaded by those pages: their modules' folders under src/web. */
const ELSEWHERE = ['features/admin/', 'features/songwriter/', 'features/submissions/', 'features/reviews/', 'features/checkout/'];

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

/** P1: gzip size of what a first visit downloads before it can be used: the entry and the page's static imports. */
export async function bundleBench(): Promise<Row[]> {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const rows: Row[] = [];
  for (const [pagePath, module] of Object.entries(PAGES)) {
    const chunks = closure(manifest, [entry, module]);
    const js = [...chunks].map((k) => manifest[k]!.file);
    const css = [...new Set([...chunks].flatMap((k) => manifest[k]!.css ?? []))];
    const leaked = [...chunks].filter((k) => ELSEWHERE.some((area) => k.startsWith(area)));
    const jsKb = gzipKb(js);
    const cssKb = gzipKb(css);
    rows.push({
      id: 'P1',
      what: `JS + CSS before interaction on ${pagePath} (gzip)`,
      figure: `JS ${jsKb} kB in ${js.length} files, CSS ${cssKb} kB${leaked.length ? `; loads ${leaked.join(', ')}` : ''}`,
      budget: 'JS ≤ 90 kB, CSS ≤ 20 kB, no admin/songwriter code',
      met: jsKb <= 90 && cssKb <= 20 && leaked.length === 0,
    });
  }
  return rows;
}
