import * as z from 'zod/mini';

/**
 * A song's loudness by ITU-R BS.1770-4 / EBU R128, measured at upload: integrated loudness (LUFS), loudness
 * range (LU) and true peak (dBTP). Each is null when it could not be measured (silence, or audio too short).
 */
export const LoudnessFactsSchema = z.object({
  integratedLufs: z.nullable(z.number()),
  loudnessRangeLu: z.nullable(z.number()),
  truePeakDbtp: z.nullable(z.number()),
});
export type LoudnessFacts = z.infer<typeof LoudnessFactsSchema>;
