import type { APIRequestContext, Page } from 'playwright-core';
import { expect, inject, vi } from 'vitest';

/**
 * Waits until the analysis pipeline has measured a song's audio (its length and waveform), as a listener coming
 * back a moment after the admin saved it finds it. The admin's answer comes before the measuring.
 */
export async function songMeasured(api: APIRequestContext, slug: string): Promise<void> {
  const measured = async () => {
    const res = await api.get(`/api/songs/${slug}`);
    const song = (await res.json()) as { durationSeconds: number | null; peaks: number[] | null };
    return song.durationSeconds !== null && song.peaks !== null;
  };
  // vi.waitFor, not expect.poll: journeys add their songs in beforeAll too, outside any test.
  await vi.waitFor(
    async () => {
      if (!(await measured())) throw new Error(`the audio of ${slug} is not measured yet`);
    },
    { timeout: 30_000, interval: 200 },
  );
}

/** Adds a song through the admin API, as the journeys that need a song of their own do, and answers its id and slug once its audio is measured. */
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
  const song = (await res.json()) as { id: string; slug: string };
  await songMeasured(admin, song.slug);
  return song;
}

/** Fills writer n's fields of the admin song form (n from 1). */
export async function fillWriter(page: Page, n: number, w: { name: string; pro: string; ipi?: string; publisher?: string; share: string }) {
  const group = page.getByRole('group', { name: `Writer ${n}` });
  await group.getByRole('textbox', { name: 'Name', exact: true }).fill(w.name);
  await group.getByRole('combobox', { name: 'PRO', exact: true }).selectOption(w.pro);
  if (w.ipi) await group.getByRole('textbox', { name: 'IPI/CAE number' }).fill(w.ipi);
  if (w.publisher) await group.getByRole('textbox', { name: 'Publisher' }).fill(w.publisher);
  await group.getByRole('spinbutton', { name: 'Share (%)' }).fill(w.share);
}
