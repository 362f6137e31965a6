import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { BUILT_SITE_NAME_FILE } from '../../src/common/constants';
import { builtSiteName, warnIfBuiltForAnotherSite } from '../../src/server/built-site-name';

let webRoot: string;
afterEach(() => rmSync(webRoot, { recursive: true, force: true }));

function buildWith(record: string | undefined) {
  webRoot = mkdtempSync(path.join(tmpdir(), 'pitchroom-site-name-'));
  if (record === undefined) return;
  mkdirSync(path.join(webRoot, path.dirname(BUILT_SITE_NAME_FILE)), { recursive: true });
  writeFileSync(path.join(webRoot, BUILT_SITE_NAME_FILE), record);
}

test('the name a web build recorded is read back', () => {
  buildWith(JSON.stringify({ siteName: 'Bluebird Row Songs' }));
  expect(builtSiteName(webRoot)).toBe('Bluebird Row Songs');
});

test('no record, or one that is not a name, says nothing rather than failing the start', () => {
  buildWith(undefined);
  expect(builtSiteName(webRoot)).toBeUndefined();
  rmSync(webRoot, { recursive: true, force: true });
  buildWith('{not json');
  expect(builtSiteName(webRoot)).toBeUndefined();
  rmSync(webRoot, { recursive: true, force: true });
  buildWith(JSON.stringify({ siteName: 42 }));
  expect(builtSiteName(webRoot)).toBeUndefined();
});

/** A real logger whose lines are kept, parsed, for the test to read. */
function keptLogger() {
  const lines: { level: number; msg: string; webSiteName?: string; siteName?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

test('a start with another SITE_NAME than the build was made with warns, naming both; the same name, or no record, says nothing', async () => {
  buildWith(JSON.stringify({ siteName: 'Bluebird Row Songs' }));
  const { logger, lines } = keptLogger();
  warnIfBuiltForAnotherSite(webRoot, 'Pitchroom', logger);
  warnIfBuiltForAnotherSite(webRoot, 'Bluebird Row Songs', logger);
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 40, webSiteName: 'Bluebird Row Songs', siteName: 'Pitchroom' });
  expect(lines[0]!.msg).toContain('npm run build');

  rmSync(webRoot, { recursive: true, force: true });
  buildWith(undefined);
  warnIfBuiltForAnotherSite(webRoot, 'Pitchroom', logger);
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
});
