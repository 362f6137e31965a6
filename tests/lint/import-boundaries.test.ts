import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, expect, test } from 'vitest';

/**
 * The lint's import boundaries and promise rules, tried on code planted in place of a real file the rules cover:
 * the type-aware rules need a file its tsconfig holds, and the planted text stands in for the file's own (nothing
 * is written to disk).
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const planted = 1;\n`, { filePath: file });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// The type-aware rules load each tsconfig's whole program on first use: once here, not inside a test's time.
beforeAll(async () => {
  for (const file of ['src/common/days.ts', 'src/server/features/audio/waveform.ts', 'src/web/lib/cn.ts']) await problems(file, '');
}, 300_000);

test.each([
  [
    'a web feature reaching into another',
    'src/web/features/pitching/created-link-notice.tsx',
    "import { SongCard } from '../songs/song-card';\nvoid SongCard;",
    /Import the songs feature through its index\.ts/,
  ],
  [
    'one server feature reaching into another',
    'src/server/features/songs/songs.service.ts',
    "import { recordAudit } from '../audit/audit';\nvoid recordAudit;",
    /Import the audit feature through its index\.ts/,
  ],
  [
    'a server feature taking a type from inside another',
    'src/server/features/songs/songs.service.ts',
    "import type { Actor } from '../accounts/accounts.service';\nexport type PlantedActor = Actor;",
    /Import the accounts feature through its index\.ts/,
  ],
  [
    'a shared component importing a feature',
    'src/web/components/data-table.tsx',
    "import { SongHoldPass } from '../features/pitching';\nvoid SongHoldPass;",
    /Shared components and helpers import no feature/,
  ],
  [
    'shared code importing the server',
    'src/common/days.ts',
    "import { loadConfig } from '../server/config';\nvoid loadConfig;",
    /src\/common is shared/,
  ],
  ['shared code importing the web app', 'src/common/days.ts', "import { cn } from '../web/lib/cn';\nvoid cn;", /src\/common is shared/],
  [
    'shared code importing a Node module',
    'src/common/days.ts',
    "import { readFileSync } from 'node:fs';\nvoid readFileSync;",
    /Node's modules belong to the server/,
  ],
  [
    'a route file using the database',
    'src/server/features/songs/songs.routes.ts',
    "import { songs } from '../../db/schema';\nvoid songs;",
    /the database is the service/,
  ],
  [
    'a service speaking HTTP',
    'src/server/features/songs/songs.service.ts',
    "import { Hono } from 'hono';\nvoid Hono;",
    /A service knows nothing of HTTP/,
  ],
  [
    'the server importing web code',
    'src/server/features/audio/waveform.ts',
    "import { cn } from '../../../web/lib/cn';\nvoid cn;",
    /The server imports nothing from the web app/,
  ],
  [
    'the server importing a type from the web app',
    'src/server/features/audio/waveform.ts',
    "import type { ApiError } from '../../../web/lib/api';\nexport type Planted = ApiError;",
    /The server imports nothing from the web app/,
  ],
  [
    'the web app importing server code',
    'src/web/lib/cn.ts',
    "import { createApp } from '../../server/app';\nvoid createApp;",
    /only types from the server/,
  ],
  ['the web app reading process', 'src/web/lib/cn.ts', 'export const mode = process.env.NODE_ENV;', /The browser has no process/],
  [
    'a promise dropped on the floor in the server',
    'src/server/features/audio/waveform.ts',
    'async function save(): Promise<void> {}\nexport function onUpload(): void {\n  save();\n}',
    /no-floating-promises/,
  ],
  [
    'a promise dropped on the floor in the web app',
    'src/web/lib/cn.ts',
    'export function onClick(): void {\n  fetch("/api/health");\n}',
    /no-floating-promises/,
  ],
  [
    'an async callback where a void one is expected',
    'src/server/features/audio/waveform.ts',
    "import { EventEmitter } from 'node:events';\nnew EventEmitter().on('x', async () => {});",
    /no-misused-promises/,
  ],
])('%s fails the lint', async (_what, file, code, message) => {
  expect(await problems(file, code)).toEqual([expect.stringMatching(message)]);
});

test.each([
  [
    'a web feature through the index another exports',
    'src/web/features/songs/catalogue-api.ts',
    "import { SongHoldPass } from '../pitching';\nvoid SongHoldPass;",
  ],
  [
    'a server feature through the index another exports',
    'src/server/features/songs/songs.service.ts',
    "import { recordAudit } from '../audit';\nvoid recordAudit;",
  ],
  [
    'a route file naming the database type',
    'src/server/features/songs/songs.routes.ts',
    "import type { Db } from '../../db/client';\nexport type PlantedDb = Db;",
  ],
  [
    'the web app taking a type from the server',
    'src/web/lib/cn.ts',
    "import type { App } from '../../server/app';\nexport type PlantedApp = App;",
  ],
  [
    'a promise the caller hands on or marks as let go',
    'src/web/lib/cn.ts',
    'export function onClick(): void {\n  void fetch("/api/health");\n}',
  ],
])('%s passes', async (_what, file, code) => {
  expect(await problems(file, code)).toEqual([]);
});
