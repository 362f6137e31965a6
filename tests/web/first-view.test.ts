import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { measureFirstViews } from '../../scripts/first-view';
import type { Manifest } from '../../scripts/page-chunks';

const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-first-view-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Text that gzip hardly shrinks: each chunk weighs about 3 kB gzipped. */
const noise = () => randomBytes(3_000).toString('base64');

/** A build folder as Vite writes it: the entry, a page, and the chunks they share. */
function build(manifest: Manifest) {
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const chunk of Object.values(manifest)) writeFileSync(path.join(dir, chunk.file), noise());
}

const base: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'features/songs/songs-page.tsx': { file: 'assets/songs.js', isDynamicEntry: true, imports: ['index.html', '_react.js'] },
  'features/admin/admin-page.tsx': { file: 'assets/admin.js', isDynamicEntry: true },
};
const pages = { '/songs': { modules: ['features/songs/songs-page.tsx'], budgetBytes: 0 } };

test('a page counts its entry, its own chunk and what they import, once each, and no other page', () => {
  build(base);
  const [songs] = measureFirstViews(dir, pages);
  expect(songs!.files).toBe(3);
  expect(songs!.bytes).toBeGreaterThan(3 * 2_000);
});

test('an import planted in a page pushes it past a budget it met', () => {
  build(base);
  const [before] = measureFirstViews(dir, pages);
  const budget = { '/songs': { ...pages['/songs'], budgetBytes: before!.bytes } };
  expect(measureFirstViews(dir, budget).filter((v) => v.bytes > v.budgetBytes)).toEqual([]);

  build({
    ...base,
    'features/songs/songs-page.tsx': { ...base['features/songs/songs-page.tsx']!, imports: ['index.html', '_react.js', '_chart.js'] },
    '_chart.js': { file: 'assets/chart.js' },
  });
  const over = measureFirstViews(dir, budget).filter((v) => v.bytes > v.budgetBytes);
  expect(over).toHaveLength(1);
  expect(over[0]).toMatchObject({ page: '/songs', files: 4 });
});

test('a page module the build does not have is an error, not a page that weighs nothing', () => {
  build(base);
  expect(() => measureFirstViews(dir, { '/x': { modules: ['features/x-page.tsx'], budgetBytes: 1 } })).toThrow('features/x-page.tsx');
});
