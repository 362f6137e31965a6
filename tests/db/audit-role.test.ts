import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { makeUser } from '../../src/server/db/seed/factories';
import { auditEvents } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { signedInClient } from '../api/helpers';
import { withDatabaseName } from '../setup/database';
import { freePort } from '../setup/free-port';
import { TestClient } from '../setup/http-client';

/**
 * With DATABASE_OWNER_URL the migrations run as the schema's owner and the app connects as a role of its own,
 * which can add to the audit trail and read it but not change, empty or unguard it. Roles and a database of
 * this test's own, on the PostgreSQL of DATABASE_URL (which must be allowed to create roles).
 */
const baseUrl = process.env.DATABASE_URL;

async function as<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with, or undefined when it succeeds. */
const refusal = (url: string, statement: string) =>
  as(url, (c) =>
    c.query(statement).then(
      () => undefined,
      (error: { code?: string }) => error.code,
    ),
  );

describe.skipIf(!baseUrl)('the app role and the audit trail on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `pitchroom_owner_${suffix}`;
  const app = `pitchroom_app_${suffix}`;
  const name = `pitchroom_t_roles_${suffix}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-roles-'));
  const roleUrl = (role: string) => {
    const u = new URL(withDatabaseName(baseUrl!, name));
    u.username = role;
    u.password = '';
    return u.toString();
  };
  let running: RunningServer | undefined;
  let client: () => TestClient;

  beforeAll(async () => {
    await as(baseUrl!, async (c) => {
      await c.query(`create role ${owner} login`);
      await c.query(`create role ${app} login`);
      await c.query(`create database ${name} owner ${owner}`);
    });
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'off',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: roleUrl(app),
      DATABASE_OWNER_URL: roleUrl(owner),
    });
    running = await startServer(config, { webRoot: path.join(dataDir, 'no-web') });
    client = () => new TestClient(`http://127.0.0.1:${port}`, publicUrl);
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await as(baseUrl!, async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`drop role if exists ${app}`);
      await c.query(`drop role if exists ${owner}`);
    });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the app works as its own role: an admin action is recorded and read back', async () => {
    const [who] = await as(roleUrl(app), (c) => c.query<{ role: string }>('select current_user as role').then((r) => r.rows));
    expect(who!.role).toBe(app);
    const admin = await makeUser(running!.database.db, { roles: ['admin'] });
    const adminClient = await signedInClient({ client } as never, admin);
    const saved = await adminClient.put('/api/admin/settings', {
      companyLegalName: 'Row Music LLC',
      companyAddress: '1 Music Row, Nashville',
      contactEmail: 'desk@example.test',
      governingLaw: 'the State of Tennessee',
      commenterDisplay: 'company',
    });
    expect(saved.status, saved.text).toBe(200);
    const trail = await adminClient.get('/api/admin/audit');
    expect(trail.status, trail.text).toBe(200);
    expect(trail.body.rows.map((r: { action: string }) => r.action)).toContain('site_settings.update');

    // An admin's account going still unlinks their events (the foreign key's own update), keeping the row.
    const deleted = await as(roleUrl(app), (c) => c.query('delete from users where id = $1', [admin.id]));
    expect(deleted.rowCount).toBe(1);
    const [kept] = await running!.database.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, admin.email));
    expect(kept).toMatchObject({ action: 'site_settings.update', actorUserId: null });
  });

  test('the app role cannot update, delete, truncate or unguard the audit trail; the owner can', async () => {
    const appUrl = roleUrl(app);
    expect(await refusal(appUrl, `update audit_events set summary = 'rewritten'`)).toBe('42501');
    expect(await refusal(appUrl, 'delete from audit_events')).toBe('42501');
    expect(await refusal(appUrl, 'truncate audit_events')).toBe('42501');
    expect(await refusal(appUrl, 'alter table audit_events disable trigger audit_events_append_only')).toBe('42501');
    expect(await refusal(appUrl, 'drop trigger audit_events_append_only on audit_events')).toBe('42501');
    expect(await refusal(appUrl, 'set session_replication_role = replica')).toBe('42501');
    // It still writes and reads the trail, and every other table.
    expect(await refusal(appUrl, 'select count(*) from audit_events')).toBeUndefined();
    expect(await refusal(appUrl, `update site_settings set governing_law = 'the State of Georgia'`)).toBeUndefined();
    // The guard is the owner's to lift: the test that the refusals above are the role's, not the table's.
    expect(await refusal(roleUrl(owner), 'alter table audit_events disable trigger audit_events_append_only')).toBeUndefined();
    const rows = await as(appUrl, (c) => c.query<{ n: number }>('select count(*)::int as n from audit_events').then((r) => r.rows));
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
