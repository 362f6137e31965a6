import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Everything the web build is made from: its sources, the shared code, the build scripts and the locked packages. */
const BUILD_INPUTS = ['src/web', 'src/common', 'scripts', 'vite.config.ts', 'package-lock.json'];
const CACHE_PREFIX = 'pitchroom-e2e-web-';
/** Builds of other sources are removed once this old (a run of those sources may still be serving one). */
const STALE_AFTER_MS = 6 * 3600_000;

function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** A hash of the build's inputs and its environment (SITE_NAME is compiled in). */
function buildKey(siteName: string): string {
  const hash = createHash('sha256').update(`SITE_NAME=${siteName}\n`);
  for (const file of BUILD_INPUTS.filter((e) => existsSync(e)).flatMap(filesUnder).sort()) {
    hash.update(`${file}\n`).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The web app built for the browser journeys, once per state of its sources: CI runs the journeys twice
 * (PGlite, then PostgreSQL) from one checkout, and the second run serves the first run's build. Each build
 * is made in a folder of its own and then renamed into place, so a run never serves a half-written one,
 * and another run rebuilding dist/web cannot pull files from under it.
 */
export function webBuildFor(siteName: string): string {
  const key = buildKey(siteName);
  const target = path.join(tmpdir(), `${CACHE_PREFIX}${key}`);
  for (const name of readdirSync(tmpdir())) {
    const other = path.join(tmpdir(), name);
    if (name.startsWith(CACHE_PREFIX) && other !== target && Date.now() - statSync(other).mtimeMs > STALE_AFTER_MS) {
      rmSync(other, { recursive: true, force: true });
    }
  }
  if (existsSync(path.join(target, 'index.html'))) return target;

  const fresh = mkdtempSync(path.join(tmpdir(), `${CACHE_PREFIX}building-`));
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', fresh, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, SITE_NAME: siteName },
  });
  if (build.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error('vite build failed');
  }
  try {
    renameSync(fresh, target);
  } catch {
    // Another run finished the same build first: serve that one.
    rmSync(fresh, { recursive: true, force: true });
  }
  return target;
}
