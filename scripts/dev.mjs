// npm run dev: the API with tsx watch on :3000 and Vite's dev server (hot reload) on :5173, proxying /api.
import { spawn, spawnSync } from 'node:child_process';

// The demo data first, as `npm start` seeds it (nothing on a database that has any account).
const env = { PUBLIC_URL: 'http://localhost:5173', ...process.env, NODE_ENV: 'development' };
const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], { stdio: 'inherit', env });
if (seed.status !== 0) process.exit(seed.status ?? 1);

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) process.exitCode = code;
    stop();
  });
