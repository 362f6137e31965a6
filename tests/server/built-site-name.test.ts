import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { BUILT_SITE_NAME_FILE } from '../../src/common/constants';
import { builtSiteName } from '../../src/server/built-site-name';

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
