import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { HoldCompanyShownState } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { songResponses, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';

/**
 * Admin: shows (or hides again) a hold's listener company in the writer's pitch report. Only a hold on a
 * songwriter's pitched song has a writer to show it to. The hold keeps its date: this is not the listener's change.
 */
export async function setHoldCompanyShown({
  db,
  actor,
  id,
  companyShownToWriter,
}: {
  db: Db;
  actor: Actor;
  id: string;
  companyShownToWriter: boolean;
}): Promise<HoldCompanyShownState> {
  const pitchedHold = and(
    eq(songResponses.id, id),
    eq(songResponses.response, 'hold'),
    sql`exists (select 1 from ${songs} where ${songs.id} = ${songResponses.songId} and ${isNotNull(songs.pitchAgreementId)})`,
  );
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(songResponses).where(pitchedHold).for('update');
    if (!before) {
      const [exists] = await tx.select({ id: songResponses.id }).from(songResponses).where(eq(songResponses.id, id));
      if (!exists) throw new AppError('NOT_FOUND', MESSAGES.pitchReport.holdNotFound);
      throw new AppError('CONFLICT', MESSAGES.pitchReport.onlyHoldsOnPitchedSongs);
    }
    const [row] = await tx
      .update(songResponses)
      .set({ companyShownToWriter, updatedAt: sql`${songResponses.updatedAt}` })
      .where(eq(songResponses.id, id))
      .returning({ id: songResponses.id, companyShownToWriter: songResponses.companyShownToWriter });
    await recordAudit(tx, {
      actor,
      action: 'song_response.update',
      subject: { kind: 'song_response', id },
      summary: `${companyShownToWriter ? 'Showed' : 'Hid'} a hold's company in the writer's pitch report`,
      changes: changesOf(before, row!, ['companyShownToWriter']),
    });
    return row!;
  });
}
