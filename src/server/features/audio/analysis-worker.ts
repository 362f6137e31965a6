import { createReadStream } from 'node:fs';
import { analyseAudioFile, type FileAnalysis } from './analyse-file';
import { UndecodableAudioError } from './waveform';

/** One analysis job for a thread: a copy of the stored file on local disk, and its kind. */
export interface AnalysisTask {
  path: string;
  contentType: string;
}

/** A thread's answer: what it measured, or that the bytes are not audio (which no retry changes). */
export type AnalysisOutcome = { ok: true; analysis: FileAnalysis } | { ok: false; undecodable: string };

/** Runs one job in a thread of the analysis pool (analysis-jobs.ts), under its time and memory limit. */
export default async function analyse({ path, contentType }: AnalysisTask): Promise<AnalysisOutcome> {
  try {
    return { ok: true, analysis: await analyseAudioFile(contentType, createReadStream(path, { highWaterMark: 64 * 1024 })) };
  } catch (error) {
    // An error's class does not cross the thread's boundary: say which failure it was in the answer.
    if (error instanceof UndecodableAudioError) return { ok: false, undecodable: error.message };
    throw error;
  }
}
