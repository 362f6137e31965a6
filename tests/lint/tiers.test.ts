import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { DATABASE_INDEPENDENT_TESTS, SLOW_TESTS } from '../tiers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);

/** What opens the database of the run for a test: DATABASE_URL's PostgreSQL, or else PGlite. */
const DATABASE_OF_THE_RUN = ['tests/setup/database.ts', 'tests/setup/test-app.ts'];

const directImports = new Map<string, { target: string; resolvedFileName: string }[]>();

/** The files of ours `from` imports itself, read and resolved once however many walks pass through it. */
function importsIn(from: string): { target: string; resolvedFileName: string }[] {
  let found = directImports.get(from);
  if (!found) {
    found = [];
    for (const { fileName } of ts.preProcessFile(readFileSync(from, 'utf8'), true, true).importedFiles) {
      const resolved = ts.resolveModuleName(fileName, from, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.relative(ROOT, resolved.resolvedFileName);
      if (target.startsWith('..') || target.endsWith('.d.ts')) continue;
      found.push({ target, resolvedFileName: resolved.resolvedFileName });
    }
    directImports.set(from, found);
  }
  return found;
}

/** Every file of ours `file` imports, directly or through others, as TypeScript resolves them. */
function importsOf(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (from: string) => {
    for (const { target, resolvedFileName } of importsIn(from)) {
      if (seen.has(target)) continue;
      seen.add(target);
      visit(resolvedFileName);
    }
  };
  visit(path.join(ROOT, file));
  return seen;
}

/**
 * Listed as independent though they open the run's database: what they test is the HTTP edge (streamed uploads,
 * kept-alive connections) or a PostgreSQL server they start instances on. Each says why in tests/tiers.ts.
 */
const OWN_DATABASE = new Set([
  'tests/api/upload-hardening.test.ts',
  'tests/api/kept-connections.test.ts',
  'tests/server/database-outage.test.ts',
  'tests/server/rolling-restart.test.ts',
]);

test('every test listed as database-independent exists and reaches no database of the run through its imports', () => {
  const reaching = DATABASE_INDEPENDENT_TESTS.filter((file) => !OWN_DATABASE.has(file)).flatMap((file) => {
    expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    const imports = importsOf(file);
    return DATABASE_OF_THE_RUN.filter((db) => imports.has(db)).map((db) => `${file} -> ${db}`);
  });
  expect(reaching).toEqual([]);
});

test('the import walk sees a test reach the database through the test app', () => {
  expect(importsOf('tests/api/songs.test.ts')).toContain('tests/setup/test-app.ts');
  expect(importsOf('tests/api/songs.test.ts')).toContain('src/server/db/client.ts');
});

test('the slow list names files that exist', () => {
  for (const file of SLOW_TESTS) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
});
