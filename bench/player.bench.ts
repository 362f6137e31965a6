import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { synthesizeMp3 } from '../src/server/db/seed/audio';
import { DEMO_ACCOUNTS, seedDemoDatabase } from '../src/server/db/seed/seed';
import { startServer } from '../src/server/server';
import { launchBrowser } from '../tests/e2e/support/chromium';
import { freePort } from '../tests/setup/free-port';
import { TestClient } from '../tests/setup/http-client';
import type { Row } from './support';

const BUDGET_BYTES = 512 * 1024;
const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/**
 * The audio the song page fetches before its player starts (bench row A1): a 6-minute MP3 at 128 kbit/s
 * (5.6 MB) uploaded through the admin API, opened by a preview user in Chromium, Play pressed. Bytes are
 * counted as they arrive (DevTools' Network.dataReceived), on page load and up to the audio's 'playing'.
 */
export async function playerBench(): Promise<Row[]> {
  // 15 s of synthesis blocks this process: done before the server (in this process too) has clients to keep waiting.
  const mp3 = synthesizeMp3({ seconds: 360, sampleRate: 44_100, kbps: 128 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-player-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth',
  });
  // Measured with the demo songs playable, as `npm start` seeds them.
  await seedDemoDatabase(config, 'short');
  const server = await startServer(config);
  const browser = await launchBrowser();
  try {
    const admin = new TestClient(baseUrl, baseUrl);
    await admin.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.admin);
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({ title: 'Six Minute Ballad', slug: 'six-minute-ballad', description: 'A long song.', lyrics: 'Verse', tags: [] }),
    );
    form.set('audio', new Blob([new Uint8Array(mp3)]), 'ballad.mp3');
    const created = await admin.sendForm('POST', '/api/admin/songs', form);
    if (created.status !== 201) throw new Error(`player bench upload failed: ${created.status} ${created.text}`);

    const listener = new TestClient(baseUrl, baseUrl);
    await listener.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview);
    const context = await browser.newContext({ baseURL: baseUrl });
    await context.addCookies([...listener.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const audioRequests = new Set<string>();
    let audioBytes = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Media' || /\/api\/files\//.test(e.request.url)) audioRequests.add(e.requestId);
    });
    cdp.on('Network.dataReceived', (e) => {
      if (audioRequests.has(e.requestId)) audioBytes += e.encodedDataLength || e.dataLength;
    });

    await page.goto('/songs/six-minute-ballad');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    // Whatever the page fetches by itself before anyone presses Play.
    await page.waitForTimeout(2_000);
    const beforePlay = audioBytes;
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      (window as unknown as { startedAt: Promise<void> }).startedAt = new Promise((resolve) =>
        audio.addEventListener('playing', () => resolve(), { once: true }),
      );
    });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.evaluate(() => (window as unknown as { startedAt: Promise<void> }).startedAt);
    const atStart = audioBytes;
    await context.close();
    return [
      {
        id: 'A1',
        what: `audio fetched until the player starts: 6-min mp3, ${kB(mp3.length)}`,
        figure: `${kB(atStart)} (of which ${kB(beforePlay)} on page load), ${((100 * atStart) / mp3.length).toFixed(1)} % of the file`,
        budget: '≤ 512 kB',
        met: atStart <= BUDGET_BYTES,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
