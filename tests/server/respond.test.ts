import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { timestamp } from '../../src/common/responses/common';
import { responds, responseOf } from '../../src/server/lib/respond';

const Song = z.object({ title: z.string(), createdAt: timestamp });

test('a reply within its schema is sent as JSON with the declared status, dates as ISO strings', async () => {
  const declared = responds(Song, 201);
  const app = new Hono().post('/', declared, (c) => c.var.reply({ title: 'Gravel Road', createdAt: new Date('2026-11-26T12:00:00Z') }));
  const res = await app.request('/', { method: 'POST' });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ title: 'Gravel Road', createdAt: '2026-11-26T12:00:00.000Z' });
  expect(responseOf(declared)).toEqual({ schema: Song, status: 201 });
});

test('under test, a reply outside its schema fails the request instead of reaching the page', async () => {
  const app = new Hono().get('/', responds(Song), (c) => c.var.reply({ title: 'Gravel Road', createdAt: 'yesterday' }));
  app.onError((error, c) => c.text(error.message, 500));
  const res = await app.request('/');
  expect(res.status).toBe(500);
  expect(await res.text()).toMatch(/GET \/ answered outside its response schema[\s\S]*createdAt/);
});

test('under test, a field the schema does not declare fails the request, however deep', async () => {
  const Page = z.object({ rows: z.array(Song) });
  const leaky = { rows: [{ title: 'Gravel Road', createdAt: new Date('2026-11-26T12:00:00Z'), passwordHash: 'x' }] };
  const app = new Hono().get('/', responds(Page), (c) => c.var.reply(leaky));
  app.onError((error, c) => c.text(error.message, 500));
  const res = await app.request('/');
  expect(res.status).toBe(500);
  expect(await res.text()).toBe('GET / answered fields its response schema does not declare: rows[0].passwordHash');
});
