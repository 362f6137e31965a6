// The server as `npm start` runs it: one ES module bundle of our own code (packages stay in node_modules,
// where PGlite finds its wasm and native modules their binaries), so production runs plain JavaScript and
// starts without compiling TypeScript (decision 0025). Usage: node scripts/build-server.mjs [outdir]
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';
// Chunk names carry a hash: without this, every build would leave the last one's chunks behind.
rmSync(outdir, { recursive: true, force: true });
await build({
  // The worker pools' jobs run in threads, each a module of its own (src/server/lib/worker-pool.ts finds each by
  // its name beside the bundle).
  entryPoints: {
    main: 'src/server/main.ts',
    'lyrics-worker': 'src/server/features/agreements/lyrics-worker.ts',
    'wav-to-mp3-worker': 'src/server/features/agreements/wav-to-mp3-worker.ts',
    'analysis-worker': 'src/server/features/audio/analysis-worker.ts',
  },
  outdir,
  bundle: true,
  // Lazily loaded adapters (S3) stay in chunks of their own, loaded only when configured.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  // Written beside the bundle and used only when asked for (node --enable-source-maps): mapping every stack
  // costs, and Node builds one for each connection a listener drops mid-song.
  sourcemap: 'linked',
  logLevel: 'warning',
});
