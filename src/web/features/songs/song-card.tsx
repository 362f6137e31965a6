import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import type { CatalogueListItem } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import * as MESSAGES from '../../../common/messages';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { formatTime } from '../../components/player/format-time';
import { PlaySongButton } from '../../components/player/play-song-button';
import type { QueueItem } from '../../components/player/player-engine';
import { OneStopBadge, SongFacts, SongTags } from '../../components/player/song-facts';
import { SongThumb } from '../../components/player/song-thumb';
import { NewBadge, SelectBox, type Selection } from './song-marks';
import { AddToPlaylist } from '../playlists';

/** A card of the list as the player's queue knows it. */
export const queueItemOf = (song: CatalogueListItem): QueueItem => ({ songId: song.id, title: song.title, slug: song.slug });

/**
 * One song of the list: cover, title, facts, length and tags. The title is the card's one link to the song's
 * page, stretched over the whole card (its ::after), so a click anywhere on the card opens the page while Play
 * (raised above that layer) starts the song in the bar, with the playable cards on screen as the queue (`index`
 * is its place there). A song whose audio is still being made says Processing instead of Play.
 */
export function SongCard({
  song,
  queue,
  index,
  selection,
}: {
  song: CatalogueListItem;
  queue: readonly QueueItem[];
  index: number;
  /** The bulk actions' checkbox, raised above the card's link like Play. */
  selection?: Selection;
}) {
  return (
    <Card className="relative flex h-full flex-col transition-colors hover:border-primary/40">
      <CardHeader className="flex-row items-start gap-4 pb-3">
        <SongThumb thumbnail={song.thumbnail} title={song.title} />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {/* The badge follows the title's last word, on the next line when that line is full, so the title wraps
              between words; a single word wider than the whole column ends in an ellipsis (the link's name and
              tooltip keep the full title). */}
          <div className="min-w-0 overflow-hidden text-ellipsis">
            <CardTitle className="inline">
              <Link
                to={pathTo(PAGE_PATHS.song, { slug: song.slug })}
                // The name says where it leads; it starts with nothing but contains the visible title.
                aria-label={`Listen to ${song.title}`}
                title={song.title}
                className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-offset-2 focus-visible:after:ring-offset-background"
              >
                {song.title}
              </Link>
            </CardTitle>
            {song.isOneStop && <OneStopBadge className="ml-2 align-[0.2em]" />}
            {song.isNew && <NewBadge className="ml-2 align-[0.2em]" />}
          </div>
          <SongFacts genre={song.genre} bpm={song.bpm} musicalKey={song.musicalKey} />
          {song.durationSeconds !== null && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Clock aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Length </span>
              <time dateTime={`PT${Math.round(song.durationSeconds)}S`} className="tabular-nums">
                {formatTime(song.durationSeconds)}
              </time>
            </p>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-4 text-sm leading-6 text-foreground/90">{song.description}</p>
        <SongTags tags={song.tags} className="mt-4" />
      </CardContent>
      <CardFooter className="flex-wrap items-center gap-2">
        {song.audioProcessing ? <ProcessingBadge /> : <PlaySongButton queue={queue} index={index} className="relative z-10" />}
        <AddToPlaylist songId={song.id} songTitle={song.title} />
        {selection && <SelectBox song={song} selection={selection} labelled className="relative z-10 ml-auto" />}
      </CardFooter>
    </Card>
  );
}

/** In place of Play while a song's audio is being made; the list polls until it is ready. */
export function ProcessingBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={className} title={MESSAGES.songs.audioProcessingHint}>
      {MESSAGES.songs.audioProcessing}
    </Badge>
  );
}
