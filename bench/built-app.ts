import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/seed';
import { freePort } from '../tests/setup/free-port';
import { TestClient } from '../tests/setup/http-client';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The last commit before the catalogue player, the brand face and artwork, dark mode, the cards' thumbnails and
 * the full-length demo songs came in: what the benches that build two checkouts compare this one with.
 */
export const BEFORE_THE_PLAYER = '4a1526b';

export interface BuiltApp {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A checkout's build served as `npm start` serves it (`node dist/server/main.js`), on a fresh data folder with
 * the demo catalogue, in a process of its own: what a comparison between two builds needs, each on equal terms.
 */
export async function startBuiltApp(root: string, env: Record<string, string> = {}, { nodeArgs = [] as string[] } = {}): Promise<BuiltApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-built-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', ...env };
  // As `npm start` runs it: the demo seed first, where the checkout has one (older ones seeded in the server).
  if (existsSync(path.join(root, 'scripts/seed-demo.ts'))) {
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], { cwd: root, env: childEnv, stdio: 'inherit' });
    if (seed.status !== 0) throw new Error(`the demo seed in ${root} failed`);
  }
  // nodeArgs: flags for the server's process only (--cpu-prof, which NODE_OPTIONS does not take).
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd: root,
    env: { ...childEnv, SEED_DEMO: 'on' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the build in ${root} exited with ${child.exitCode} before it answered`);
    const ok = await fetch(`${baseUrl}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the build in ${root} did not answer within 180 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Builds this checkout as `npm start` does. */
export function buildHere(): string {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  return ROOT;
}

/**
 * Builds the app as it was at `commit`, in a git worktree of its own, with this checkout's packages (a later
 * package.json only adds packages, so the older code builds with them). `remove` deletes the worktree.
 */
export function buildAtCommit(commit: string): { root: string; remove(): void } {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'pitchroom-baseline-')), 'app');
  execFileSync('git', ['worktree', 'add', '--detach', root, commit], { cwd: ROOT, stdio: 'ignore' });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' });
    rmSync(path.dirname(root), { recursive: true, force: true });
  };
  try {
    if (!existsSync(path.join(root, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  } catch (error) {
    remove();
    throw error;
  }
  return { root, remove };
}

/** The demo preview user's session cookie, as a Cookie header. */
export async function previewCookie(baseUrl: string): Promise<string> {
  const client = new TestClient(baseUrl, baseUrl);
  const signIn = await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview);
  if (signIn.status !== 200) throw new Error(`sign-in failed at ${baseUrl}: ${signIn.status}`);
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Waits until no demo song is still Processing, as a visitor finds the catalogue once its audio is stored. */
export async function demoSongsPlayable(baseUrl: string, cookie: string): Promise<void> {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 1_000))) {
    const res = await fetch(`${baseUrl}/api/songs`, { headers: { Cookie: cookie } });
    const page = (await res.json()) as { rows?: { audioProcessing?: boolean }[] };
    if (res.ok && !page.rows?.some((song) => song.audioProcessing)) return;
  }
  throw new Error(`the demo songs at ${baseUrl} were still Processing after 10 minutes`);
}
