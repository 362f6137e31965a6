import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SongResponse } from '../../../common/constants';
import { MY_RESPONSES_KEY, myResponsesQuery, saveMyResponse } from './pitching-api';

/** What a bulk answer did: how many songs it changed, and how many of those failed. */
export interface BulkAnswerResult {
  changed: number;
  failed: number;
}

/**
 * The listener's own answers by song, and a way to hold or pass on many songs at once (the catalogue's bulk
 * actions). A song already answered that way is left alone, so a hold keeps the note it was given.
 */
export function useBulkAnswers() {
  const queryClient = useQueryClient();
  const mine = useQuery(myResponsesQuery);
  const answers = useMemo(() => new Map<string, SongResponse>((mine.data ?? []).map((r) => [r.songId, r.response])), [mine.data]);
  const [pending, setPending] = useState(false);
  const answer = async ({ songIds, response }: { songIds: readonly string[]; response: SongResponse }): Promise<BulkAnswerResult> => {
    const todo = songIds.filter((id) => answers.get(id) !== response);
    setPending(true);
    try {
      const results = await Promise.allSettled(todo.map((id) => saveMyResponse(id, { response, note: null })));
      return { changed: todo.length, failed: results.filter((r) => r.status === 'rejected').length };
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: MY_RESPONSES_KEY });
    }
  };
  return { answers, answer, pending };
}
