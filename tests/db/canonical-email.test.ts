import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { canonicalEmail } from '../../src/common/email-canonical';
import { queryRows } from '../../src/server/db/client';
import { canonicalEmailSql } from '../../src/server/lib/canonical-email-sql';
import { createTestDatabase, type TestDatabase } from '../setup/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const SAMPLES = [
  'jane.doe@gmail.com',
  '  Jane.Doe+x@GMAIL.com ',
  'j.a.n.e.doe+abc+def@googlemail.com',
  'JaneDoe@GoogleMail.com',
  'bob+spam@example.com',
  'b.ob@example.com',
  'Bob+@Example.com',
  '+x@example.com',
  'plain@sub.example.co.uk',
  'first.last+tag@gmail.co.uk',
];

test('the SQL canonical form of a stored address is the one src/common computes, for every kind of address', async () => {
  for (const email of SAMPLES) {
    const [row] = await queryRows<{ canonical: string }>(database.db, sql`select ${canonicalEmailSql(sql`${email}::text`)} as canonical`);
    expect(row?.canonical, email).toBe(canonicalEmail(email));
  }
});
