import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { AudioLines, GripVertical, Trash2 } from 'lucide-react';
import * as MESSAGES from '../../../common/messages';
import { useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlaylistSong } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { formatTime } from '../../components/player/format-time';
import { PlaySongButton } from '../../components/player/play-song-button';
import type { QueueItem } from '../../components/player/player-engine';
import { SongThumb } from '../../components/player/song-thumb';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const INSTRUCTIONS =
  'To move a song, press Space or Enter on its handle to pick it up. Use the up and down arrow keys to move it, ' +
  'Space or Enter to drop it in its new place, or Escape to cancel.';

/**
 * A playlist's songs in order, each playable in the bar (the playlist is the queue). The owner moves a row by its
 * handle, with the mouse (after 8 px, so a click never starts a drag), by touch or from the keyboard, and screen
 * readers hear where it was picked up and dropped; onReorder gets every song id in the new order. A reader who
 * does not own the playlist (an admin) gets the rows without handles or Remove.
 */
export function SortablePlaylist({
  songs,
  editable,
  onReorder,
  onRemove,
  extra,
  onAddLike,
}: {
  songs: PlaylistSong[];
  editable: boolean;
  onReorder: (songIds: string[]) => void;
  onRemove: (song: PlaylistSong) => void;
  /** More of a row under the song's title (a shortlist's reason and hold or pass). */
  extra?: (song: PlaylistSong) => ReactNode;
  /** "Add songs like this one": the owner's, beside each song. */
  onAddLike?: (song: PlaylistSong) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = songs.map((s) => s.songId);
  const queue = useMemo<QueueItem[]>(() => songs.map((s) => ({ songId: s.songId, title: s.title, slug: s.slug })), [songs]);
  const count = songs.length;
  const titleOf = (id: UniqueIdentifier) => songs.find((s) => s.songId === id)?.title ?? 'The song';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  // dnd-kit reports "over" right after the pick-up (over the row itself); saying nothing until the place really
  // changes keeps the pick-up message from being cut off before it is read.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${titleOf(active.id)}. It is number ${positionOf(active.id)} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === lastOver.current) return undefined;
      lastOver.current = overId;
      return over
        ? `${titleOf(active.id)} moved to number ${positionOf(over.id)} of ${count}.`
        : `${titleOf(active.id)} is not over a place.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at number ${positionOf(over.id)} of ${count}.` : `${titleOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${titleOf(active.id)} stays number ${positionOf(active.id)} of ${count}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const rows = (
    <ol aria-label="Songs" className="grid grid-cols-1 gap-2">
      {songs.map((song, index) => (
        <PlaylistRow
          key={song.songId}
          song={song}
          number={index + 1}
          queue={queue}
          editable={editable}
          onRemove={onRemove}
          onAddLike={onAddLike}
          extra={extra}
        />
      ))}
    </ol>
  );
  if (!editable) return rows;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {rows}
      </SortableContext>
    </DndContext>
  );
}

function PlaylistRow({
  song,
  number,
  queue,
  editable,
  onRemove,
  extra,
  onAddLike,
}: {
  song: PlaylistSong;
  number: number;
  queue: QueueItem[];
  editable: boolean;
  onRemove: (song: PlaylistSong) => void;
  extra?: (song: PlaylistSong) => ReactNode;
  onAddLike?: (song: PlaylistSong) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: song.songId,
    disabled: !editable,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-xl border border-border bg-card p-2 shadow-sm sm:gap-3 sm:p-3',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-ring',
      )}
    >
      {editable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${song.title}`}
          // touch-none: a finger on the handle drags the row instead of scrolling the page.
          className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <span className="w-6 shrink-0 text-right tabular-nums text-muted-foreground">{number}</span>
      <SongThumb thumbnail={song.thumbnail} title={song.title} look="row" className="hidden sm:block" />
      <PlaySongButton queue={queue} index={number - 1} look="icon" className="shrink-0" />
      <div className="min-w-0 flex-1">
        <Link to={pathTo(PAGE_PATHS.song, { slug: song.slug })} className="link block truncate font-semibold" title={song.title}>
          {song.title}
        </Link>
        <p className="truncate text-sm text-muted-foreground">
          {[song.genre, song.durationSeconds !== null ? formatTime(song.durationSeconds) : null].filter(Boolean).join(' · ')}
        </p>
        {extra?.(song)}
      </div>
      {editable && onAddLike && (
        <Button
          variant="ghost"
          size="icon"
          title={MESSAGES.referenceSearch.addLikeThis}
          className="shrink-0"
          onClick={() => onAddLike(song)}
        >
          <AudioLines aria-hidden="true" />
          <span className="sr-only">
            {MESSAGES.referenceSearch.addLikeThis}: {song.title}
          </span>
        </Button>
      )}
      {editable && (
        <Button
          variant="ghost"
          size="icon"
          title="Remove"
          className="shrink-0 text-destructive hover:text-destructive"
          onClick={() => onRemove(song)}
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only">Remove {song.title}</span>
        </Button>
      )}
    </li>
  );
}
