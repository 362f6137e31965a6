// Same-hour comparison of two web builds (Preact before, React after) under Lighthouse mobile, alternated.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';
import { freePort } from '../tests/setup/free-port';
import { lighthouse } from '../bench/lighthouse.bench';

const builds = { preact: '/tmp/preact-dist-web', react: path.resolve('dist/web') };
const servers: Record<string, { url: string }> = {};
for (const [name, webRoot] of Object.entries(builds)) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), `lh-${name}-`)), PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'silent', SEED_DEMO: 'on', AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth' });
  await startServer(config, { webRoot });
  servers[name] = { url };
}
const runs = Number(process.env.RUNS ?? 3);
for (let i = 0; i < runs; i++) {
  for (const pagePath of ['/', '/faqs']) {
    for (const name of ['preact', 'react']) {
      const a = await lighthouse(`${servers[name]!.url}${pagePath}`, 'mobile');
      console.log(JSON.stringify({ name, pagePath, run: i + 1, ...a }));
    }
  }
}
process.exit(0);
