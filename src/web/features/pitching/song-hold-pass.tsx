import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as MESSAGES from '../../../common/messages';
import { Spinner } from '../../components/ui/spinner';
import { clearMyResponse, MY_RESPONSES_KEY, myResponsesQuery, saveMyResponse } from './pitching-api';
import { SongResponseControl } from './song-response-control';

/** The song page's hold and pass, read from the listener's own answers (the list My holds shows too). */
export function SongHoldPass({ songId, songTitle, className }: { songId: string; songTitle: string; className?: string }) {
  const queryClient = useQueryClient();
  const mine = useQuery(myResponsesQuery);
  if (mine.isPending) return <Spinner label="Loading your answer" className={className} />;
  if (mine.isError) return <p className={`text-sm text-destructive ${className ?? ''}`}>{MESSAGES.pitching.responsesLoadFailed}</p>;
  const answer = mine.data.find((r) => r.songId === songId);
  return (
    <SongResponseControl
      className={className}
      songTitle={songTitle}
      current={answer ? { response: answer.response, note: answer.note } : null}
      save={(values) => saveMyResponse(songId, values)}
      clear={() => clearMyResponse(songId)}
      onChanged={() => queryClient.invalidateQueries({ queryKey: MY_RESPONSES_KEY })}
    />
  );
}
