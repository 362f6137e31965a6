import type { APIRequestContext } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Adds a song through the admin API, as the journeys that need a song of their own do, and answers its id and slug. */
export async function addSong(
  admin: APIRequestContext,
  values: Record<string, unknown>,
  audio: { name: string; buffer: Buffer },
): Promise<{ id: string; slug: string }> {
  const res = await admin.post('/api/admin/songs', {
    headers: { Origin: inject('baseUrl') },
    multipart: { data: JSON.stringify(values), audio: { name: audio.name, mimeType: 'audio/mpeg', buffer: audio.buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; slug: string };
}
