import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('health answers ok through the real app and database', async () => {
  const res = await t.client().get('/api/health');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ok: true });
});

test('sign-up then verification e-mail lands in the outbox', async () => {
  const c = t.client();
  const res = await c.post('/api/auth/sign-up/email', { email: 'New@Example.test', password: 'zebra-quantum-77', name: 'N' });
  expect(res.status).toBe(200);
  const mails = await t.mailsTo('new@example.test');
  expect(mails.map((m) => m.kind)).toEqual(['verify-email']);
  const signIn = await c.post('/api/auth/sign-in/email', { email: 'new@example.test', password: 'zebra-quantum-77' });
  expect(signIn.status).toBe(403);
});
