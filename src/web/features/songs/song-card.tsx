import { Headphones } from 'lucide-react';
import { Link } from 'react-router';
import type { CatalogueSongItem } from '../../../common/responses';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { SongFacts, SongTags } from '../../components/player/song-facts';

export function SongCard({ song }: { song: CatalogueSongItem }) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="pb-3">
        <CardTitle>{song.title}</CardTitle>
        <SongFacts genre={song.genre} bpm={song.bpm} />
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-4 text-sm leading-6 text-foreground/90">{song.description}</p>
        <SongTags tags={song.tags} className="mt-4" />
      </CardContent>
      <CardFooter>
        <Button asChild>
          <Link to={pathTo(PAGE_PATHS.song, { slug: song.slug })}>
            <Headphones aria-hidden="true" />
            Listen<span className="sr-only"> to {song.title}</span>
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
