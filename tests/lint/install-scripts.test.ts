import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * npm 11 runs a dependency's install script only when `allowScripts` approves it, and warns at the end of a fresh
 * `npm install` of every one left undecided. Each gets a decision, so the install is quiet and a new one stands
 * out; each decision says why in docs/supply-chain.md.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The packages of the lock file with an install script, by name ("node_modules/a/node_modules/@b/c" is "@b/c"). */
function packagesWithInstallScripts(): string[] {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const names = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

/** "esbuild" of "esbuild" or "esbuild@0.25.0"; "@scope/name" of "@scope/name@1.0.0". */
const nameOf = (key: string) => key.replace(/(.)@.*$/, '$1');

test('every install script in the lock file is approved or denied in package.json, and the decision is explained', () => {
  const { allowScripts = {} } = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
  const decided = new Set(Object.keys(allowScripts).map(nameOf));
  const withScripts = packagesWithInstallScripts();
  expect(withScripts.length).toBeGreaterThan(0);
  expect(withScripts.filter((name) => !decided.has(name))).toEqual([]);
  // A decision for a package no longer installed with a script is stale.
  expect([...decided].filter((name) => !withScripts.includes(name))).toEqual([]);

  const supplyChain = read('docs/supply-chain.md');
  const table = supplyChain.slice(supplyChain.indexOf('## Install scripts'));
  expect([...decided].filter((name) => !table.includes(`| \`${name}\``))).toEqual([]);
});
