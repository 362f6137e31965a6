import { expect, test } from 'vitest';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { synthesizeMp3s } from '../../src/server/db/seed/demo-audio';

test('songs synthesised in worker threads are byte for byte what one thread makes, each in its own place', async () => {
  const songs = [1, 2, 3].map((seed) => ({ seconds: 1, bpm: 80 + seed * 10, seed }));
  const made = await Promise.all(synthesizeMp3s(songs));
  expect(made).toHaveLength(3);
  made.forEach((mp3, index) => expect(mp3.equals(synthesizeMp3(songs[index]!))).toBe(true));
  expect(made[0]!.equals(made[1]!)).toBe(false);
});
