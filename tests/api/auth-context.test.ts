import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signIn } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("better-auth's request context", () => {
  test('calls under way together each keep their own context', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(t.db)));
    const signUps = Array.from({ length: 4 }, () => uniqueEmail('together'));
    const [seen, signedUp] = await Promise.all([
      Promise.all(
        users.map(async (user) => {
          const client = t.client();
          const res = await signIn(client, user.email, user.password);
          const session = await client.get('/api/auth/get-session');
          return [res.body.user?.email, session.body?.user?.email];
        }),
      ),
      Promise.all(
        signUps.map(async (email) => {
          const res = await t
            .client()
            .post('/api/auth/sign-up/email', { email, password: 'zebra-quantum-77-lantern', name: 'Tess Together' });
          return res.body.user?.email;
        }),
      ),
    ]);
    // Each answer is its own caller's: no call read another's context.
    expect(seen).toEqual(users.map((user) => [user.email, user.email]));
    expect(signedUp).toEqual(signUps);
    for (const email of signUps) expect((await t.mailsTo(email)).map((mail) => mail.kind)).toEqual(['verify-email']);
  });
});
