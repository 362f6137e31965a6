import type pg from 'pg';

/**
 * What the app's role may do when it is not the schema's owner (DATABASE_OWNER_URL set): read and write every
 * table but the audit trail, which it may only read and add to. TRUNCATE, DISABLE TRIGGER and DDL stay the
 * owner's, so the app cannot rewrite or empty the trail however it is driven. Given by the owner after each
 * migration, so tables added later are covered; in one transaction, so a running app never sees fewer rights.
 */
export async function grantAppRole(owner: pg.Client, appRole: string): Promise<void> {
  const role = owner.escapeIdentifier(appRole);
  const [{ schema }] = (await owner.query<{ schema: string }>('select current_schema() as schema')).rows as [{ schema: string }];
  const ns = owner.escapeIdentifier(schema);
  await owner.query('begin');
  try {
    await owner.query(`grant usage on schema ${ns} to ${role}`);
    await owner.query(`revoke all on all tables in schema ${ns} from ${role}`);
    await owner.query(`grant select, insert, update, delete on all tables in schema ${ns} to ${role}`);
    await owner.query(`revoke update, delete on ${ns}.audit_events from ${role}`);
    await owner.query(`grant usage, select, update on all sequences in schema ${ns} to ${role}`);
    // The backup reads which migrations are applied.
    await owner.query(`grant usage on schema drizzle to ${role}`);
    await owner.query(`grant select on drizzle.__drizzle_migrations to ${role}`);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback').catch(() => {});
    throw error;
  }
}
