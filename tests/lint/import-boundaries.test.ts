import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

/** The lint's import boundaries, tried on imports planted in files the rules cover (nothing is written to disk). */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const planted = 1;\n`, { filePath: file });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

test.each([
  [
    'a web feature reaching into another',
    'src/web/features/pitching/planted.tsx',
    "import { AudioPlayer } from '../catalogue/audio-player';\nvoid AudioPlayer;",
    /Import the catalogue feature through its index\.ts/,
  ],
  [
    'shared code importing the server',
    'src/common/planted.ts',
    "import { loadConfig } from '../server/config';\nvoid loadConfig;",
    /src\/common is shared/,
  ],
  ['shared code importing the web app', 'src/common/planted.ts', "import { cn } from '../web/lib/cn';\nvoid cn;", /src\/common is shared/],
  [
    'a route file using the database',
    'src/server/features/songs/planted.routes.ts',
    "import { songs } from '../../db/schema';\nvoid songs;",
    /the database is the service/,
  ],
  [
    'the web app importing server code',
    'src/web/lib/planted.ts',
    "import { createApp } from '../../server/app';\nvoid createApp;",
    /only types from the server/,
  ],
])('%s fails the lint', async (_what, file, code, message) => {
  expect(await problems(file, code)).toEqual([expect.stringMatching(message)]);
});

test.each([
  [
    'a web feature through the index another exports',
    'src/web/features/pitching/planted.tsx',
    "import { AudioPlayer } from '../catalogue';\nvoid AudioPlayer;",
  ],
  [
    'a route file naming the database type',
    'src/server/features/songs/planted.routes.ts',
    "import type { Db } from '../../db/client';\nexport type PlantedDb = Db;",
  ],
  [
    'the web app taking a type from the server',
    'src/web/lib/planted.ts',
    "import type { App } from '../../server/app';\nexport type PlantedApp = App;",
  ],
])('%s passes', async (_what, file, code) => {
  expect(await problems(file, code)).toEqual([]);
});
