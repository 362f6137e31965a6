import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createLogger } from '../../src/server/lib/logger';
import { createOutageLog, DependencyUnavailable, unavailableDependency } from '../../src/server/lib/outage';

test('an outage is logged once however many requests it fails, and again only after a quiet spell', () => {
  const lines: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  let now = 0;
  const logOutage = createOutageLog(() => now);
  const failure = new Error('Query read timeout');

  for (let second = 0; second < 20; second++) {
    now = second * 1_000;
    logOutage('database', failure, logger);
  }
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ dependency: 'database', msg: 'database unavailable: answering 503 until it is back' });

  // A minute without failures: the next one is a new outage.
  now += 60_000;
  logOutage('database', failure, logger);
  expect(lines).toHaveLength(2);
});

test('a disk that cannot serve, or a store out of reach, is a storage outage; a missing file or a refused request is not', () => {
  const diskError = (code: string) => Object.assign(new Error(`${code}: write`), { code, syscall: 'write' });
  expect(unavailableDependency(diskError('ENOSPC'))).toBe('storage');
  expect(unavailableDependency(diskError('EIO'))).toBe('storage');
  expect(unavailableDependency(new Error('upload failed', { cause: diskError('EROFS') }))).toBe('storage');
  expect(unavailableDependency(new DependencyUnavailable('storage'))).toBe('storage');
  expect(unavailableDependency(diskError('ENOENT'))).toBeUndefined();
  expect(unavailableDependency(diskError('EACCES'))).toBeUndefined();
});
