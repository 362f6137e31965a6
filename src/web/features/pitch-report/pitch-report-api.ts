import { queryOptions } from '@tanstack/react-query';
import type { PitchReport } from '../../../common/responses';
import { api } from '../../lib/api';

/** Listeners play and answer at any time: the report is read again every minute and when the tab regains focus. */
export const PITCH_REPORT_REFETCH_MS = 60_000;

export const pitchReportQuery = queryOptions({
  queryKey: ['songwriter', 'pitch-report'],
  queryFn: ({ signal }) => api<PitchReport>('/api/pitch-report', { signal }),
  refetchInterval: PITCH_REPORT_REFETCH_MS,
  refetchOnWindowFocus: true,
});
