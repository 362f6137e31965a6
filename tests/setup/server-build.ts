import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { keyedBuild } from './keyed-build';

/**
 * The server bundle `npm start` runs (scripts/build-server.mjs), built once per state of its sources, for
 * tests that start the server in a process of their own. It is kept under node_modules/.cache, inside the
 * checkout, so that it finds the packages and the project's files (migrations, the web build) as
 * dist/server/main.js does. Returns the path of its main.js.
 */
export function serverBundle(): string {
  const dir = keyedBuild({
    under: 'node_modules/.cache',
    prefix: 'pitchroom-server-',
    inputs: ['src/server', 'src/common', 'scripts/build-server.mjs', 'package-lock.json'],
    done: 'main.js',
    make(outDir) {
      const build = spawnSync(process.execPath, ['scripts/build-server.mjs', outDir], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error('the server bundle did not build');
    },
  });
  return path.resolve(dir, 'main.js');
}
