import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeUser } from '../../src/server/db/seed/factories';
import { createLogger } from '../../src/server/lib/logger';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, signedInClient } from './helpers';

/** The app with its real logger (createLogger, as the server makes it), every line kept for the test to read. */
let t: TestApp;
const logLines: Record<string, unknown>[] = [];
const logged = () => JSON.stringify(logLines);

beforeAll(async () => {
  t = await createTestApp({}, { logger: createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) }) });
});
afterAll(() => t.close());

/** The request log's line for a request, once it is written (just after the answer). */
async function requestLine(requestId: string | string[] | undefined) {
  await expect.poll(() => logLines.some((line) => line.msg === 'request' && line.requestId === requestId)).toBe(true);
  return logLines.find((line) => line.msg === 'request' && line.requestId === requestId)!;
}

/** Makes the database refuse every insert into a table, as a full disk would, for the length of `run`. */
async function withInsertsRefused(table: string, run: () => Promise<void>) {
  await t.db.execute(
    sql.raw(`create function refuse_insert() returns trigger language plpgsql as $$
    begin raise exception 'simulated storage failure'; end $$`),
  );
  await t.db.execute(sql.raw(`create trigger refuse_insert before insert on ${table} for each row execute function refuse_insert()`));
  try {
    await run();
  } finally {
    await t.db.execute(sql.raw(`drop trigger refuse_insert on ${table}`));
    await t.db.execute(sql.raw('drop function refuse_insert()'));
  }
}

test('outside test finding 3 (logs): an unexpected database error is logged with its query but without the values it was run with', async () => {
  const marker = `porch-light-${randomBytes(6).toString('hex')}`;
  await withInsertsRefused('mail_outbox', async () => {
    const res = await t.client().post('/api/contact', {
      name: 'Wade Writer',
      email: `${marker}@example.test`,
      subject: `Co-write ${marker}`,
      message: `I have a hook: ${marker}.`,
    });
    expect(res.status).toBe(500);
    const line = logLines.find((l) => l.msg === 'unhandled error' && l.requestId === res.headers['x-request-id']);
    expect(line, logged()).toMatchObject({
      level: 50,
      err: { message: expect.stringContaining('simulated storage failure'), stack: expect.stringContaining('simulated storage failure') },
    });
    expect((line!.err as { query: string }).query).toContain('insert into "mail_outbox"');
  });
  // better-auth's own errors go through the same serializer.
  await withInsertsRefused('users', async () => {
    const res = await t
      .client()
      .post('/api/auth/sign-up/email', { email: `${marker}@example.test`, password: 'a-fine-long-password-1', name: marker });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
  expect(logLines.length).toBeGreaterThan(0);
  expect(logged()).not.toContain(marker);
});

test("outside test finding 10: the request log shows reset, pitch-link and file-link tokens as :token; the admin Outbox hides a reset e-mail's token", async () => {
  const user = await makeUser(t.db);
  expect((await t.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).status).toBe(
    200,
  );
  const mail = await latestMail(t, user.email, 'reset-password');
  const link = linkIn(mail.textBody, '/api/auth/reset-password/');
  const resetToken = link.pathname.split('/').pop()!;
  expect(resetToken.length).toBeGreaterThan(10);

  const followed = await t.client().get(link.pathname + link.search);
  expect(followed.status).toBe(302);
  expect(await requestLine(followed.headers['x-request-id'])).toMatchObject({ path: '/api/auth/reset-password/:token' });

  const pitchToken = randomBytes(32).toString('base64url');
  const fileToken = randomBytes(32).toString('base64url');
  for (const [pathname, shown] of [
    [`/api/pitch/${pitchToken}`, '/api/pitch/:token'],
    [`/api/pitch/${pitchToken}/plays`, '/api/pitch/:token/plays'],
    [`/api/files/${fileToken}`, '/api/files/:token'],
    [`/p/${pitchToken}`, '/p/:token'],
  ] as const) {
    const res = await t.client().get(pathname);
    expect(await requestLine(res.headers['x-request-id'])).toMatchObject({ path: shown });
  }
  expect(logged()).not.toContain(resetToken);
  expect(logged()).not.toContain(pitchToken);
  expect(logged()).not.toContain(fileToken);

  // The admin reads the e-mail without its token; the e-mail itself (and its .eml file) keeps the link.
  const admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  const detail = await admin.get(`/api/admin/outbox/${mail.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body.text).toContain(`${t.config.publicUrl}/api/auth/reset-password/:token?callbackURL=`);
  expect(JSON.stringify(detail.body)).not.toContain(resetToken);
  const list = await admin.get('/api/admin/outbox?pageSize=100');
  expect(JSON.stringify(list.body)).not.toContain(resetToken);
  expect(mail.textBody).toContain(resetToken);
});
