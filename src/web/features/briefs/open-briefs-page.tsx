import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import type { WriterBrief } from '../../../common/responses';
import { PAGE_PATHS } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { fieldClasses } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { BriefFacts } from './brief-facts';
import { answerWithSong, BRIEFS_KEY, mySignedSongsQuery, openBriefsQuery, ordersWithRoomQuery } from './briefs-api';

const m = MESSAGES.briefs;

/** /briefs: the briefs taking songs now, each answered with a signed song or a new one sent for review. */
export function OpenBriefsPage() {
  const open = useQuery(openBriefsQuery);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Briefs" description="What buyers are looking for now." />
      <h1 className="text-4xl font-bold">Briefs</h1>
      <p className="mt-2 text-muted-foreground">What publishers and artists are looking for right now. Answer with a song of yours.</p>
      <div className="mt-8">
        {open.isPending ? (
          <PageSpinner label="Loading briefs…" />
        ) : open.isError ? (
          <ErrorState title={m.loadFailed} error={open.error} onRetry={() => void open.refetch()} />
        ) : open.data.length === 0 ? (
          <EmptyState icon={Megaphone} message={m.emptyOpen} />
        ) : (
          <ul aria-label="Open briefs" className="space-y-4">
            {open.data.map((brief) => (
              <OpenBrief key={brief.id} brief={brief} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function OpenBrief({ brief }: { brief: WriterBrief }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 className="text-lg font-semibold break-words">{brief.title}</h2>
      {brief.buyer && (
        <p className="text-sm text-muted-foreground">
          From {brief.buyer.name}
          {brief.buyer.company ? `, ${brief.buyer.company}` : ''}
        </p>
      )}
      <BriefFacts brief={brief} />
      {brief.myAnswers.length > 0 && (
        <div className="mt-3 text-sm">
          <h3 className="font-medium">Your songs sent</h3>
          <ul className="list-disc pl-5">
            {brief.myAnswers.map((a) => (
              <li key={a.id}>
                {a.songTitle}
                {a.verdict ? ` — ${m.verdictLabels[a.verdict]}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <AnswerControls briefId={brief.id} />
    </li>
  );
}

/** Answer with a signed catalogue song (chosen here), or with a new song sent from an order with room. */
function AnswerControls({ briefId }: { briefId: string }) {
  const songs = useQuery(mySignedSongsQuery);
  const orders = useQuery(ordersWithRoomQuery);
  const queryClient = useQueryClient();
  const [songId, setSongId] = useState('');
  const selectId = useId();
  const answer = useMutation({
    mutationFn: () => answerWithSong(briefId, songId),
    onSuccess: () => {
      toast.success(m.answered);
      setSongId('');
      void queryClient.invalidateQueries({ queryKey: BRIEFS_KEY });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : m.answerFailed),
  });
  const order = orders.data?.[0];
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      {songs.data && songs.data.length > 0 ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (songId) answer.mutate();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium">
              A signed song of yours
            </label>
            <select id={selectId} className={fieldClasses} value={songId} onChange={(e) => setSongId(e.target.value)}>
              <option value="">Choose a song…</option>
              {songs.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={!songId || answer.isPending}>
            Send this song
          </Button>
        </form>
      ) : null}
      {order ? (
        <Button asChild>
          <Link to={`${PAGE_PATHS.submitSong}?order_id=${order.id}&brief=${briefId}`}>Answer with a new song</Link>
        </Button>
      ) : (
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.songwriterOrder}>Buy a review to answer with a new song</Link>
        </Button>
      )}
    </div>
  );
}
