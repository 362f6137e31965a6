import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * Which features each feature imports, on either side: every import, re-export and lazy import() of its files as
 * TypeScript reads them, resolved by TypeScript's own module resolution with the project's options (so '../songs'
 * is songs/index.ts), type-only imports included.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);

function featureGraph(side: 'server' | 'web'): Map<string, Set<string>> {
  const root = path.join(ROOT, 'src', side, 'features');
  const graph = new Map<string, Set<string>>();
  for (const feature of readdirSync(root)) {
    const uses = new Set<string>();
    for (const file of readdirSync(path.join(root, feature), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const from = path.join(root, feature, file);
      for (const { fileName } of ts.preProcessFile(readFileSync(from, 'utf8'), true, true).importedFiles) {
        const resolved = ts.resolveModuleName(fileName, from, options, ts.sys).resolvedModule;
        if (!resolved || resolved.isExternalLibraryImport) continue;
        const target = path.relative(root, resolved.resolvedFileName).split(path.sep)[0]!;
        if (target !== feature && !target.startsWith('..')) uses.add(target);
      }
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** Every cycle in the graph, as "a -> b -> a" (each found once from each of its features). */
function cyclesIn(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const visit = (feature: string, trail: string[]) => {
    for (const next of graph.get(feature) ?? []) {
      if (trail.includes(next)) cycles.add([...trail.slice(trail.indexOf(next)), next].join(' -> '));
      else visit(next, [...trail, next]);
    }
  };
  for (const feature of graph.keys()) visit(feature, [feature]);
  return [...cycles];
}

test('the cycle finder finds a loop through three features', () => {
  const graph = new Map([
    ['songs', new Set(['reviews'])],
    ['reviews', new Set(['submissions'])],
    ['submissions', new Set(['songs', 'files'])],
    ['files', new Set<string>()],
  ]);
  expect(cyclesIn(graph)).toContain('songs -> reviews -> submissions -> songs');
});

test('no two server features depend on each other, directly or in a longer cycle', () => {
  const graph = featureGraph('server');
  // The scan sees the imports there are: songs names its writers through songwriters' index.
  expect(graph.get('songs')).toContain('songwriters');
  expect(cyclesIn(graph)).toEqual([]);
});

test('no two web features depend on each other, directly or in a longer cycle', () => {
  const graph = featureGraph('web');
  expect(graph.get('songs')).toContain('pitching');
  expect(cyclesIn(graph)).toEqual([]);
});
