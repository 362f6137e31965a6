import type { DbOrTx } from '../client';
import { briefAnswers, briefs } from '../schema';

/** Factories for briefs and their answers, as the brief routes would store them. */

/** An approved, open brief of `ownerId`'s, its deadline a month from `now`. */
export async function makeOpenBrief(db: DbOrTx, ownerId: string, values: { title?: string; now?: Date } = {}) {
  const now = values.now ?? new Date();
  const [brief] = await db
    .insert(briefs)
    .values({
      ownerId,
      state: 'open',
      title: values.title ?? 'Uptempo female country',
      description: 'Positive, one-stop preferred, for an artist cutting in March.',
      genre: 'Country',
      tempoMin: 110,
      tempoMax: 130,
      vocal: 'female',
      moods: ['positive', 'summer'],
      oneStopRequired: false,
      artistShown: 'a major-label artist',
      deadlineOn: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      approvedAt: now,
    })
    .returning();
  return brief!;
}

/** A songwriter's answer: a new song sent for review against the brief, or a song of theirs in the catalogue. */
export async function makeBriefAnswer(
  db: DbOrTx,
  briefId: string,
  songwriterId: string,
  song: { submissionId: string } | { songId: string },
) {
  const [answer] = await db
    .insert(briefAnswers)
    .values({ briefId, songwriterId, ...song })
    .returning();
  return answer!;
}
