import * as MESSAGES from '../../../common/messages';
import { Button } from '../ui/button';
import { cn } from '../../lib/cn';
import type { QueueItem } from './player-engine';
import { PlayPauseIcon } from './player-panel';
import { usePlayer, useSongStatus } from './player-provider';

export interface PlaySongButtonProps {
  /** The list the button's song is shown in: it becomes the player's queue. */
  queue: readonly QueueItem[];
  index: number;
  /** `label`: "Play" or "Pause" beside the icon (a card); `icon`: the icon alone (a row). */
  look?: 'label' | 'icon';
  className?: string;
}

/**
 * Plays a song of a list in the player bar, with the list as its queue; pauses it while it plays. Its name
 * carries the song's title ("Play Porch Light Serenade"), so each button of the list says which song it plays.
 */
export function PlaySongButton({ queue, index, look = 'label', className }: PlaySongButtonProps) {
  const engine = usePlayer();
  const item = queue[index]!;
  const status = useSongStatus(item.songId);
  const playing = status === 'playing';
  const name = playing ? MESSAGES.player.pauseSong(item.title) : MESSAGES.player.playSong(item.title);

  const onClick = () => {
    if (playing) engine.pause();
    else engine.playQueue(queue, index);
  };

  if (look === 'icon') {
    return (
      <Button
        size="icon"
        onClick={onClick}
        aria-label={name}
        aria-busy={status === 'loading' || undefined}
        className={cn('rounded-full [&_svg]:size-4', className)}
      >
        <PlayPauseIcon playing={playing} spinning={status === 'loading'} className="size-4" />
      </Button>
    );
  }
  return (
    <Button onClick={onClick} aria-busy={status === 'loading' || undefined} className={className}>
      <PlayPauseIcon playing={playing} spinning={status === 'loading'} className="size-4" />
      {playing ? 'Pause' : 'Play'}
      <span className="sr-only"> {item.title}</span>
    </Button>
  );
}
