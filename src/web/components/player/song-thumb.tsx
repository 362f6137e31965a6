import { Music2 } from 'lucide-react';
import { SONG_THUMB_DISPLAY_SIZE, SONG_THUMB_SIZES } from '../../../common/constants';
import type { SongThumbnail } from '../../../common/responses';
import { cn } from '../../lib/cn';

const LOOKS = {
  // The card's box: SONG_THUMB_DISPLAY_SIZE, narrow then from the sm breakpoint (40rem).
  card: {
    box: 'size-24 sm:size-28',
    sizes: `(min-width: 40rem) ${SONG_THUMB_DISPLAY_SIZE.wide}px, ${SONG_THUMB_DISPLAY_SIZE.narrow}px`,
    px: SONG_THUMB_DISPLAY_SIZE.wide,
  },
  row: { box: 'size-14', sizes: '56px', px: 56 },
} as const;

/**
 * A song's cover thumbnail in a list: square, its box sized before the picture arrives (no layout shift), loaded
 * only as it nears the screen, and the sharper copy on a dense screen. Without a cover: a neutral placeholder.
 */
export function SongThumb({
  thumbnail,
  title,
  look = 'card',
  className,
}: {
  thumbnail: SongThumbnail | null;
  title: string;
  look?: keyof typeof LOOKS;
  className?: string;
}) {
  const { box, sizes, px } = LOOKS[look];
  if (!thumbnail) {
    return (
      <div aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-lg bg-muted', box, className)}>
        <Music2 className="size-1/3 text-muted-foreground" />
      </div>
    );
  }
  return (
    <img
      src={thumbnail.small}
      srcSet={`${thumbnail.small} ${SONG_THUMB_SIZES.small}w, ${thumbnail.large} ${SONG_THUMB_SIZES.large}w`}
      sizes={sizes}
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      alt={`Cover art for ${title}`}
      className={cn('shrink-0 rounded-lg bg-muted object-cover', box, className)}
    />
  );
}
