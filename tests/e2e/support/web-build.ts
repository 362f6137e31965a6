import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { keyedBuild } from '../../setup/keyed-build';

/** The web app built for the browser journeys, once per state of its sources (and SITE_NAME, compiled in). */
export function webBuildFor(siteName: string): string {
  return keyedBuild({
    under: tmpdir(),
    prefix: 'pitchroom-e2e-web-',
    // Everything the web build is made from: its sources, the shared code, the build scripts, the package's settings (sideEffects) and the locked packages.
    inputs: ['src/web', 'src/common', 'scripts', 'vite.config.ts', 'package.json', 'package-lock.json'],
    salt: `SITE_NAME=${siteName} NODE_ENV=production`,
    done: 'index.html',
    make(outDir) {
      const build = spawnSync(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
        {
          stdio: 'inherit',
          // What visitors get: React's production build (Vitest's NODE_ENV=test would make a development one).
          env: { ...process.env, NODE_ENV: 'production', SITE_NAME: siteName },
        },
      );
      if (build.status !== 0) throw new Error('vite build failed');
    },
  });
}
