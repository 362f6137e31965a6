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
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import type { AdminSongListItem } from '../../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { DataTable } from '../../../components/data-table';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const INSTRUCTIONS =
  'To reorder a song, press Space or Enter on its handle to pick it up. Use the up and down arrow keys to move it, ' +
  'Space or Enter to drop it in its new position, or Escape to cancel.';

export interface SongRowActions {
  onToggleActive: (song: AdminSongListItem, isActive: boolean) => void;
  onDelete: (song: AdminSongListItem) => void;
  /** The song whose status change is on its way, if any. */
  togglingId: string | null;
}

/**
 * Every song in its catalogue order. A row moves by its handle, with the mouse (after 8 px, so a click
 * never starts a drag), by touch, or from the keyboard; screen readers hear where it was picked up, where
 * it is and where it was dropped. onReorder gets every id in the new order.
 */
export function SortableSongsTable({
  songs,
  onReorder,
  ...actions
}: { songs: AdminSongListItem[]; onReorder: (ids: string[]) => void } & SongRowActions) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = songs.map((s) => s.id);
  const count = songs.length;
  const titleOf = (id: UniqueIdentifier) => songs.find((s) => s.id === id)?.title ?? 'The song';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  // dnd-kit reports "over" right after the pick-up (over the row itself); saying nothing until the
  // position really changes keeps the pick-up message from being overwritten before it is read.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${titleOf(active.id)}. It is in position ${positionOf(active.id)} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === lastOver.current) return undefined;
      lastOver.current = overId;
      return over
        ? `${titleOf(active.id)} moved to position ${positionOf(over.id)} of ${count}.`
        : `${titleOf(active.id)} is not over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped in position ${positionOf(over.id)} of ${count}.`
        : `${titleOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${titleOf(active.id)} stays in position ${positionOf(active.id)} of ${count}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      {/* The date, genre and status columns give way as the table's own width shrinks (a phone, or a laptop
          beside the admin sidebar), so each row's switch and actions stay in view; should it still not fit, it
          scrolls sideways and says so. */}
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <DataTable
          label="Songs"
          caption="Songs in catalogue order. Drag a row by its handle to move it."
          className="@container"
          columns={[
            { label: <span className="sr-only">Reorder</span>, className: 'w-10 px-1 sm:w-12 sm:px-3' },
            { label: '#', numeric: true, className: 'w-8 px-1 sm:w-12 sm:px-2' },
            { label: 'Title', className: 'px-2 sm:px-4' },
            { label: 'Genre', className: 'hidden @2xl:table-cell' },
            { label: 'Status', className: 'hidden @lg:table-cell' },
            { label: 'Created', className: 'hidden @3xl:table-cell' },
            { label: 'Actions', numeric: true, className: 'px-2 sm:px-4' },
          ]}
        >
          {songs.map((song, index) => (
            <SortableRow key={song.id} song={song} number={index + 1} {...actions} />
          ))}
        </DataTable>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ song, number, onToggleActive, onDelete, togglingId }: { song: AdminSongListItem; number: number } & SongRowActions) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: song.id });
  return (
    <tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('border-b border-border bg-card last:border-0', isDragging && 'relative z-10 shadow-lg ring-2 ring-ring')}
    >
      <td className="px-1 py-2 sm:px-3">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${song.title}`}
          // touch-none: a finger on the handle drags the row instead of scrolling the page.
          className="inline-flex size-9 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      </td>
      <td className="px-1 py-2 text-right tabular-nums text-muted-foreground sm:px-2">{number}</td>
      {/* A long word (a title, a writer's name) breaks anywhere rather than push the row's actions off a phone. */}
      <td className="px-2 py-2 [overflow-wrap:anywhere] sm:px-4">
        <span className="font-medium">{song.title}</span>
        {song.fromAgreement && (
          <Link
            to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: song.fromAgreement.reviewId })}
            className="block text-xs text-primary underline underline-offset-2"
          >
            {MESSAGES.songs.fromAgreement(song.fromAgreement.writerName)}
          </Link>
        )}
      </td>
      <td className="hidden px-4 py-2 text-muted-foreground @2xl:table-cell">{song.genre ?? '—'}</td>
      <td className="hidden px-4 py-2 @lg:table-cell">
        <Badge variant={song.isActive ? 'success' : 'outline'}>
          {song.isActive ? 'Active' : song.fromAgreement ? 'Draft' : 'Inactive'}
        </Badge>
      </td>
      <td className="hidden whitespace-nowrap px-4 py-2 text-muted-foreground @3xl:table-cell">{formatDate(song.createdAt)}</td>
      <td className="px-2 py-2 sm:px-4">
        <div className="flex items-center justify-end gap-1">
          <Switch
            checked={song.isActive}
            disabled={togglingId === song.id}
            onCheckedChange={(checked) => onToggleActive(song, checked)}
            aria-label={`Active: ${song.title}`}
            title={song.isActive ? 'Hide from preview users' : 'Show to preview users'}
            className="mr-1 sm:mr-2"
          />
          <Button asChild variant="ghost" size="icon" title="Edit">
            <Link to={pathTo(PAGE_PATHS.adminSongEdit, { id: song.id })}>
              <Pencil aria-hidden="true" />
              <span className="sr-only">Edit {song.title}</span>
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            title="Delete"
            className="text-destructive hover:text-destructive"
            onClick={() => onDelete(song)}
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only">Delete {song.title}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}
