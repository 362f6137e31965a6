import { asc, eq } from 'drizzle-orm';
import type { SongWriterValues } from '../../../common/schemas/songs';
import type { DbOrTx } from '../../db/client';
import { songWriters } from '../../db/schema';

/** A song's writer as stored and edited: the form's fields, IPI/CAE number included. */
export type SongWriter = Pick<typeof songWriters.$inferSelect, 'name' | 'pro' | 'ipi' | 'publisher' | 'share'> & {
  pro: SongWriterValues['pro'];
};

/** A song's writers in credit order. */
export async function readSongWriters(db: DbOrTx, songId: string): Promise<SongWriter[]> {
  const rows = await db
    .select({
      name: songWriters.name,
      pro: songWriters.pro,
      ipi: songWriters.ipi,
      publisher: songWriters.publisher,
      share: songWriters.share,
    })
    .from(songWriters)
    .where(eq(songWriters.songId, songId))
    .orderBy(asc(songWriters.position));
  // The pro column's CHECK holds it to WRITER_PROS.
  return rows as SongWriter[];
}

/** The writer without their IPI/CAE number: what a listener reads on the song page. */
export const creditOf = ({ name, pro, publisher, share }: SongWriter) => ({ name, pro, publisher, share });

/** Two lists of writers name the same people, societies, publishers and shares, in the same order. */
function sameWriters(a: readonly SongWriter[], b: readonly SongWriterValues[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (w, i) =>
        w.name === b[i]!.name &&
        w.pro === b[i]!.pro &&
        w.ipi === (b[i]!.ipi ?? null) &&
        w.publisher === (b[i]!.publisher ?? null) &&
        w.share === b[i]!.share,
    )
  );
}

/**
 * Makes the song's writers exactly `writers`, in that order, inside the caller's transaction (the song form's
 * save). An unchanged list writes nothing. Answers the writers before and after, for the audit trail.
 */
export async function replaceSongWriters(tx: DbOrTx, songId: string, writers: readonly SongWriterValues[]) {
  const before = await readSongWriters(tx, songId);
  if (sameWriters(before, writers)) return { before, after: before };
  await tx.delete(songWriters).where(eq(songWriters.songId, songId));
  if (writers.length > 0) {
    await tx.insert(songWriters).values(
      writers.map((w, position) => ({
        songId,
        position,
        name: w.name,
        pro: w.pro,
        ipi: w.ipi ?? null,
        publisher: w.publisher ?? null,
        share: w.share,
      })),
    );
  }
  return {
    before,
    after: writers.map((w) => ({ name: w.name, pro: w.pro, ipi: w.ipi ?? null, publisher: w.publisher ?? null, share: w.share })),
  };
}

/** A writer as one line of the audit trail: "Jo Lane, BMI, IPI 00123456789, Big Tree Music: 40%". */
export function writerLine(w: SongWriter): string {
  const parts = [w.name, w.pro, w.ipi && `IPI ${w.ipi}`, w.publisher].filter(Boolean);
  return `${parts.join(', ')}: ${w.share}%`;
}
