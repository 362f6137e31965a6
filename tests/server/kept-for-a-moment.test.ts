import { expect, test } from 'vitest';
import { keepForAMoment } from '../../src/server/lib/kept-for-a-moment';

/** A read that counts how often it ran, answering with that count. */
function countingRead() {
  let runs = 0;
  return Object.assign(async () => ++runs, { runs: () => runs });
}

test('within the moment one read answers every ask; after it, the next ask reads again', async () => {
  const kept = keepForAMoment<number>({ keepMs: 50, maxKept: 10 });
  const read = countingRead();
  expect(await Promise.all([kept.get('a', read), kept.get('a', read)])).toEqual([1, 1]);
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(await kept.get('a', read)).toBe(2);
});

test('a failed read is not kept: the next ask tries again', async () => {
  const kept = keepForAMoment<string>({ keepMs: 60_000, maxKept: 10 });
  await expect(kept.get('a', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
  expect(await kept.get('a', async () => 'back')).toBe('back');
});

test('past maxKept the oldest key goes first; drop() and clear() forget at once', async () => {
  const kept = keepForAMoment<number>({ keepMs: 60_000, maxKept: 2 });
  const read = countingRead();
  await kept.get('oldest', read);
  await kept.get('second', read);
  await kept.get('third', read);
  expect(await kept.get('second', read)).toBe(2);
  expect(await kept.get('oldest', read)).toBe(4);

  kept.drop('oldest');
  expect(await kept.get('oldest', read)).toBe(5);
  kept.clear();
  expect(await kept.get('oldest', read)).toBe(6);
});

test('keepMs 0 keeps nothing', async () => {
  const kept = keepForAMoment<number>({ keepMs: 0, maxKept: 10 });
  const read = countingRead();
  await kept.get('a', read);
  expect(await kept.get('a', read)).toBe(2);
});

test('peek answers what a finished read kept, without a promise, and nothing it would have to read', async () => {
  const kept = keepForAMoment<number | undefined>({ keepMs: 50, maxKept: 10 });
  expect(kept.peek('a')).toBeUndefined();
  let finish!: (value: number | undefined) => void;
  const reading = kept.get('a', () => new Promise((resolve) => (finish = resolve)));
  // Still being read: only get() waits for it.
  expect(kept.peek('a')).toBeUndefined();
  finish(7);
  await reading;
  expect(kept.peek('a')).toEqual({ value: 7 });
  // A read that found nothing is known too, and told apart from nothing kept.
  await kept.get('none', async () => undefined);
  expect(kept.peek('none')).toEqual({ value: undefined });
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(kept.peek('a')).toBeUndefined();
  await kept.get('b', async () => 1);
  kept.clear();
  expect(kept.peek('b')).toBeUndefined();
  await expect(kept.get('c', () => Promise.reject(new Error('away')))).rejects.toThrow('away');
  expect(kept.peek('c')).toBeUndefined();
});
