import { expect, test } from 'vitest';
import { markerRows } from '../../src/web/components/player/player-panel';

test('markers closer than a marker is wide go down a row; one far enough along goes back up', () => {
  // On a 600 px strip a marker is 24 px: 4 % of its width.
  expect(markerRows([0.1, 0.11, 0.5], 600)).toEqual([0, 1, 0]);
  expect(markerRows([0.1, 0.1, 0.1, 0.2], 600)).toEqual([0, 1, 2, 0]);
  // Exactly a marker's width apart: side by side, touching but apart.
  expect(markerRows([0, 0.04], 600)).toEqual([0, 0]);
  // The second row is reused where it has room, before a third is opened.
  expect(markerRows([0.1, 0.11, 0.16, 0.17], 600)).toEqual([0, 1, 0, 1]);
});
