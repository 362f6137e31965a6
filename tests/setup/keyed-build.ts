import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Builds of other sources are removed once this old (a run of those sources may still be using one). */
const STALE_AFTER_MS = 6 * 3600_000;

function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** A hash of every file of the inputs (files or folders, from the checkout's root) and of anything else named. */
function keyOf(inputs: string[], salt: string): string {
  const hash = createHash('sha256').update(`${salt}\n`);
  for (const file of inputs
    .filter((e) => existsSync(e))
    .flatMap(filesUnder)
    .sort()) {
    hash.update(`${file}\n`).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A build made once per state of its inputs, in `<under>/<prefix><key>`: CI runs the tests twice (PGlite,
 * then PostgreSQL) from one checkout, and the second run uses the first run's build. Each build is made in a
 * folder of its own and then renamed into place, so a run never uses a half-written one, and another run
 * rebuilding cannot pull files from under it. `make` writes the build into the folder it is given and
 * throws if it fails; `done` names a file every finished build has.
 */
export function keyedBuild(options: {
  under: string;
  prefix: string;
  inputs: string[];
  salt?: string;
  done: string;
  make: (outDir: string) => void;
}): string {
  const { under, prefix, inputs, salt = '', done, make } = options;
  mkdirSync(under, { recursive: true });
  const target = path.join(under, `${prefix}${keyOf(inputs, salt)}`);
  for (const name of readdirSync(under)) {
    const other = path.join(under, name);
    if (name.startsWith(prefix) && other !== target && Date.now() - statSync(other).mtimeMs > STALE_AFTER_MS) {
      rmSync(other, { recursive: true, force: true });
    }
  }
  if (existsSync(path.join(target, done))) return target;

  const fresh = mkdtempSync(path.join(under, `${prefix}building-`));
  try {
    make(fresh);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
  try {
    renameSync(fresh, target);
  } catch {
    // Another run finished the same build first: use that one.
    rmSync(fresh, { recursive: true, force: true });
  }
  return target;
}
