import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from './page-chunks';

/**
 * The pages whose first view is budgeted: the modules each loads before it can be used (src/web/app/router.tsx:
 * its layouts and its page, relative to src/web), and the most JavaScript that may take, in gzip bytes at level 9.
 * The budgets are today's sizes with a little room: a page that grows past one fails CI (tests/e2e/first-view-
 * javascript.e2e.ts), and a budget is raised only on purpose, here, with the reason in the commit. The aim is
 * 1.5 times a minimal React 19 page (docs/performance.md, "First-view JavaScript").
 */
export const FIRST_VIEW_PAGES: Record<string, { modules: string[]; budgetBytes: number }> = {
  // Every page's router names the briefs' pages for buyers, writers and admins (their code is loaded on demand): +1.0 KB.
  '/': { modules: ['features/public/home-page.tsx'], budgetBytes: 133_000 },
  // The catalogue's layout holds the player the list's cards play in.
  // The "chorus by" and "intro under" filters read m:ss with the API's zod schema (a pipe and a transform): +0.7 KB.
  // Facts bands, the version switch and the cursor's "Show more songs" ride with the catalogue's player chunk: +1.6 KB.
  // The "Sounds like…" button (its dialog loads when pointed at, focused or pressed) and the briefs' routes: +2.3 KB.
  '/songs': { modules: ['features/songs/catalogue-layout.tsx', 'features/songs/songs-page.tsx'], budgetBytes: 167_000 },
  '/auth': { modules: ['features/accounts/sign-in-page.tsx'], budgetBytes: 158_000 },
};

/** Every manifest chunk the keys load, theirs and what they import, transitively. */
export function chunkClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/** The JavaScript files a first visit to a page downloads before it can be used: the HTML entry's and the page's. */
export function firstViewFiles(manifest: Manifest, modules: string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  return [...chunkClosure(manifest, [...entries, ...modules])].map((key) => manifest[key]!.file);
}

/** Gzip bytes (level 9) of those files in a build folder. */
export function gzipBytes(buildDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(buildDir, file)), { level: 9 }).length, 0);
}

export interface FirstView {
  page: string;
  files: number;
  bytes: number;
  budgetBytes: number;
}

/** Each budgeted page's first-view JavaScript in a build folder (one with `.vite/manifest.json`). */
export function measureFirstViews(buildDir: string, pages = FIRST_VIEW_PAGES): FirstView[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return Object.entries(pages).map(([page, { modules, budgetBytes }]) => {
    const files = firstViewFiles(manifest, modules);
    return { page, files: files.length, bytes: gzipBytes(buildDir, files), budgetBytes };
  });
}
