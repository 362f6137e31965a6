import * as MESSAGES from './messages';
import type { SongFacts } from './responses/audio-analysis';

const m = MESSAGES.songFacts;

/** A first chorus by this many seconds counts as early, and after this many as late. */
export const CHORUS_TIMING = { earlyBySeconds: 30, lateAfterSeconds: 60 } as const;
/** An intro longer than this many seconds counts as long. */
export const LONG_INTRO_SECONDS = 15;

/** Seconds as m:ss ("0:47"), as the player writes its time. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * A song's form in plain words: one sentence for where its first chorus comes and one for its intro, or why
 * they are not known (not measured yet, too short to tell).
 */
export function describeSongForm(facts: Pick<SongFacts, 'sections' | 'firstChorusSeconds' | 'introSeconds'>): string[] {
  if (facts.sections === null) return [m.formNotMeasured];
  if (facts.sections.length === 0) return [m.tooShortForSections];
  const chorus = facts.firstChorusSeconds;
  const sentences = [
    chorus === null
      ? m.noChorus
      : chorus <= CHORUS_TIMING.earlyBySeconds
        ? m.chorusEarly(clockTime(chorus))
        : chorus <= CHORUS_TIMING.lateAfterSeconds
          ? m.chorusWithinMinute(clockTime(chorus))
          : m.chorusLate(clockTime(chorus)),
  ];
  const intro = facts.introSeconds ?? 0;
  const seconds = String(Math.round(intro));
  sentences.push(intro < 1 ? m.noIntro : intro > LONG_INTRO_SECONDS ? m.introLong(seconds) : m.introShort(seconds));
  return sentences;
}
