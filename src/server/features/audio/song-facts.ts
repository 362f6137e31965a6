import { ENERGY_CURVE_MAX_POINTS } from '../../../common/constants';
import type { MusicalKey } from '../../../common/musical-keys';
import type { SongFacts, SongSections } from '../../../common/responses/audio-analysis';
import { storedFiles } from '../../db/schema';
import type { MeasuredFacts } from './analysers';
import { NOT_MEASURED } from './loudness';

/** The stored file's columns the facts are read from: spread into a select beside the caller's own. */
export const songFactColumns = {
  factsPeaks: storedFiles.audioPeaks,
  factsBpm: storedFiles.detectedBpm,
  factsKey: storedFiles.detectedKey,
  integratedLufs: storedFiles.integratedLufs,
  loudnessRangeLu: storedFiles.loudnessRangeLu,
  truePeakDbtp: storedFiles.truePeakDbtp,
  sections: storedFiles.sections,
  firstChorusSeconds: storedFiles.firstChorusSeconds,
  introSeconds: storedFiles.introSeconds,
  energy: storedFiles.energy,
};

export type SongFactRow = { [K in keyof typeof songFactColumns]: (typeof songFactColumns)[K]['_']['data'] | null };

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * The energy curve (one value a second, 0–1) as it is kept: at most ENERGY_CURVE_MAX_POINTS whole percentages,
 * each the mean of its stretch of seconds, so a long song's curve stays a few hundred bytes.
 */
export function compactEnergy(energy: readonly number[]): number[] {
  const points = Math.min(energy.length, ENERGY_CURVE_MAX_POINTS);
  return Array.from({ length: points }, (_, p) => {
    const from = Math.floor((p * energy.length) / points);
    const to = Math.max(from + 1, Math.floor(((p + 1) * energy.length) / points));
    let sum = 0;
    for (let i = from; i < to; i++) sum += energy[i]!;
    return Math.round((100 * sum) / (to - from));
  });
}

/**
 * The stored file's columns for what the sections analyser found; every one null when it did not run. A song
 * too short to have sections keeps its (empty) sections and energy, but no intro length: "no intro" would
 * pass the catalogue's "intro under" filter.
 */
export function sectionColumns(found: SongSections | undefined) {
  if (!found) return { sections: null, firstChorusSeconds: null, introSeconds: null, energy: null };
  const sections = found.sections.map((s) => ({ label: s.label, start: tenth(s.start), end: tenth(s.end) }));
  return {
    sections,
    firstChorusSeconds: found.firstChorusSeconds === null ? null : tenth(found.firstChorusSeconds),
    introSeconds: sections.length === 0 ? null : tenth(found.introSeconds),
    energy: compactEnergy(found.energy),
  };
}

/** Every measured fact as the stored file's columns: what an analysis job writes (and a seeded song, alike). */
export function measuredFactColumns(facts: MeasuredFacts) {
  return {
    detectedBpm: facts.bpm ?? null,
    detectedKey: facts.key ?? null,
    ...(facts.loudness ?? NOT_MEASURED),
    ...sectionColumns(facts.sections),
    soundProfile: facts.soundProfile?.values ?? null,
    soundProfileVersion: facts.soundProfile?.version ?? null,
  };
}

/** The facts as the pages get them, from a row selected with songFactColumns (all null: no file). */
export function songFactsOf(row: Partial<SongFactRow> | null | undefined): SongFacts {
  return {
    measured: (row?.factsPeaks ?? null) !== null,
    bpm: row?.factsBpm ?? null,
    key: (row?.factsKey as MusicalKey | null | undefined) ?? null,
    loudness: {
      integratedLufs: row?.integratedLufs ?? null,
      loudnessRangeLu: row?.loudnessRangeLu ?? null,
      truePeakDbtp: row?.truePeakDbtp ?? null,
    },
    sections: row?.sections ?? null,
    firstChorusSeconds: row?.firstChorusSeconds ?? null,
    introSeconds: row?.introSeconds ?? null,
    energy: row?.energy ? row.energy.map((value) => value / 100) : null,
  };
}
