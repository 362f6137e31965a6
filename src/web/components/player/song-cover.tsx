import { Music2 } from 'lucide-react';
import { SONG_IMAGE_WEB_SIZE } from '../../../common/constants';

/**
 * The song's picture, square, with its size known before it loads (no layout shift). The server's web
 * copy fits in 800x800; object-cover crops the rare non-square picture. Without a picture: a quiet
 * placeholder in the site's colours.
 */
export function SongCover({ imageUrl, title }: { imageUrl: string | null; title: string }) {
  if (!imageUrl) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-square w-full items-center justify-center rounded-xl bg-linear-to-br from-stone-900 via-primary to-accent-strong shadow-sm"
      >
        <Music2 className="size-1/4 text-white/70" />
      </div>
    );
  }
  return (
    <img
      src={imageUrl}
      alt={`Cover art for ${title}`}
      width={SONG_IMAGE_WEB_SIZE}
      height={SONG_IMAGE_WEB_SIZE}
      decoding="async"
      className="aspect-square h-auto w-full rounded-xl bg-muted object-cover shadow-sm"
    />
  );
}
