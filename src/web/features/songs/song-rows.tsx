import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { CatalogueListItem } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import * as MESSAGES from '../../../common/messages';
import { formatTime } from '../../components/player/format-time';
import { PlaySongButton } from '../../components/player/play-song-button';
import type { QueueItem } from '../../components/player/player-engine';
import { usePlayer, usePlayerState } from '../../components/player/player-provider';
import { AnswerBadge, NewBadge, SelectBox, type Selection } from './song-marks';
import { ProcessingBadge } from './song-card';
import { useBulkAnswers } from '../pitching';

const facts = (song: CatalogueListItem) =>
  [song.genre, song.bpm !== null && `${song.bpm} BPM`, song.musicalKey, song.durationSeconds !== null && formatTime(song.durationSeconds)]
    .filter(Boolean)
    .join(' · ');

const CELL = 'px-2 py-2 align-middle';
/** The columns a phone leaves out: their facts come under the title instead. */
const WIDE = `${CELL} hidden sm:table-cell`;

/**
 * The dense list: one row a song. A row takes focus (one at a time in the Tab order, the last one used);
 * Up and Down move between rows, Home and End to the first and last, and Enter or Space on a row plays it in the
 * bar with the page's playable songs as the queue (or pauses it while it plays). On a phone the genre, tempo,
 * key and length columns fold into a line under the title.
 */
export function SongRows({
  rows,
  queue,
  playable,
  selection,
  showHeld,
}: {
  rows: CatalogueListItem[];
  queue: readonly QueueItem[];
  playable: readonly CatalogueListItem[];
  selection: Selection;
  showHeld: boolean;
}) {
  // The listener's own answers, so a song held from the bulk bar says so in its row.
  const { answers } = useBulkAnswers();
  const engine = usePlayer();
  const currentId = usePlayerState().current?.songId;
  const [active, setActive] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    rowRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]!);
      return;
    }
    // Enter and Space on the row itself; on its checkbox, link or button they keep their own meaning.
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    const song = rows[index]!;
    const at = playable.indexOf(song);
    if (at < 0) return;
    if (engine.statusOf(song.id) === 'playing') engine.pause();
    else engine.playQueue(queue, at);
  };

  return (
    <table className="mt-4 w-full border-collapse text-sm">
      <caption className="sr-only">Songs on this page. Up and Down move between rows; Enter or Space plays a row.</caption>
      <SongRowsHead showHeld={showHeld} />
      <tbody>
        {rows.map((song, index) => (
          <tr
            key={song.id}
            ref={(el) => {
              rowRefs.current[index] = el;
            }}
            tabIndex={index === Math.min(active, rows.length - 1) ? 0 : -1}
            onFocus={() => setActive(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            aria-current={currentId === song.id || undefined}
            className="border-b border-border outline-none hover:bg-muted/50 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring aria-[current=true]:bg-primary/5"
          >
            <td className={CELL}>
              <SelectBox song={song} selection={selection} />
            </td>
            <td className={CELL}>
              {song.audioProcessing ? (
                <ProcessingBadge />
              ) : (
                <PlaySongButton queue={queue} index={playable.indexOf(song)} look="icon" className="size-8" />
              )}
            </td>
            <td className={`${CELL} min-w-0`}>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link to={pathTo(PAGE_PATHS.song, { slug: song.slug })} className="font-medium text-foreground hover:underline">
                  {song.title}
                </Link>
                {song.isNew && <NewBadge />}
                <AnswerBadge answer={answers.get(song.id)} />
              </div>
              {song.writers.length > 0 && <p className="text-muted-foreground">{song.writers.join(', ')}</p>}
              <p className="text-muted-foreground sm:hidden">
                {facts(song)}
                {showHeld && song.heldByOthers !== null && ` · ${MESSAGES.songs.heldByOthers(song.heldByOthers)}`}
              </p>
            </td>
            <td className={WIDE}>{song.genre ?? '—'}</td>
            <td className={`${WIDE} tabular-nums`}>{song.bpm ?? '—'}</td>
            <td className={WIDE}>{song.musicalKey ?? '—'}</td>
            <td className={`${WIDE} tabular-nums`}>{song.durationSeconds !== null ? formatTime(song.durationSeconds) : '—'}</td>
            {showHeld && <td className={`${WIDE} tabular-nums`}>{song.heldByOthers ?? 0}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SongRowsHead({ showHeld }: { showHeld: boolean }) {
  return (
    <thead className="border-b border-border text-left text-xs uppercase tracking-wide text-muted-foreground">
      <tr>
        <th scope="col" className={`${CELL} w-8`}>
          <span className="sr-only">Selected</span>
        </th>
        <th scope="col" className={`${CELL} w-10`}>
          <span className="sr-only">Play</span>
        </th>
        <th scope="col" className={CELL}>
          Title and writers
        </th>
        <th scope="col" className={WIDE}>
          Genre
        </th>
        <th scope="col" className={WIDE}>
          Tempo
        </th>
        <th scope="col" className={WIDE}>
          Key
        </th>
        <th scope="col" className={WIDE}>
          Length
        </th>
        {showHeld && (
          <th scope="col" className={WIDE}>
            Held by others
          </th>
        )}
      </tr>
    </thead>
  );
}
