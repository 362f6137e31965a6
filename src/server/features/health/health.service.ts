import { pingDatabase, type Db } from '../../db/client';

/** Ready means the database answers; throws when it does not (the error handler makes that a 500). */
export async function checkReadiness(db: Db): Promise<{ ok: true; database: 'ok' }> {
  await pingDatabase(db);
  return { ok: true, database: 'ok' };
}
