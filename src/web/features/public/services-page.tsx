import { Disc3, Megaphone, PenLine, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { PITCH_FEE_TEXT, PRICE_PER_SONG_CENTS } from '../../../common/constants';
import { PAGE_PATHS } from '../../../common/routes';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatCents } from '../../../common/money';
import { PackageChooser } from './package-chooser';

const PRODUCTION_SERVICES = [
  {
    icon: Disc3,
    title: 'Demo Production',
    text: 'A clean, radio-ready demo cut with Nashville session players and a vocalist who fits the song, so publishers hear what it could be instead of a phone recording.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Master Production',
    text: 'Full production, mixing and mastering for artists releasing their own music, from pre-production through the final master.',
  },
  {
    icon: PenLine,
    title: 'Song Re-write',
    text: 'Work one-on-one with a professional co-writer to rebuild a song that is almost there: tighten the hook, sharpen the story and fix the structure.',
  },
] as const;

export function ServicesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <PageMeta
        title="Services"
        description={`Song reviews at ${formatCents(PRICE_PER_SONG_CENTS)} a song, demo and master production, song re-writes and song pitching from Nashville.`}
      />
      <PageHeading
        eyebrow="Services"
        title="Everything a song needs to get heard"
        lead="Start with an honest review. From there we can help you rewrite, produce and pitch the songs that are ready."
      />

      <section className="mt-14" aria-labelledby="review-heading">
        <h2 id="review-heading" className="text-3xl font-bold">
          Song Review
        </h2>
        <p className="mt-3 max-w-3xl leading-7 text-muted-foreground">
          {formatCents(PRICE_PER_SONG_CENTS)} a song, one to four songs at a time.
        </p>
        <PackageChooser />
        <p className="mt-6 max-w-3xl text-sm leading-6 text-muted-foreground">
          The review fee is credited back if we sign a pitch agreement for the song. It is non-refundable once the review has begun.
        </p>
      </section>

      <section className="mt-20" aria-labelledby="production-heading">
        <h2 id="production-heading" className="text-3xl font-bold">
          Production and writing
        </h2>
        <p className="mt-3 max-w-3xl leading-7 text-muted-foreground">
          Every project is different, so we quote each one after hearing the song and talking through what you need.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {PRODUCTION_SERVICES.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon aria-hidden="true" className="size-8 text-primary" />
                  <CardTitle as="h3">{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="leading-7 text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-20 rounded-2xl bg-stone-950 p-8 text-white sm:p-12" aria-labelledby="pitching-heading">
        <Megaphone aria-hidden="true" className="size-10 text-accent" />
        <h2 id="pitching-heading" className="mt-4 text-3xl font-bold">
          Song Pitching
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-8 text-stone-200">
          When a review shows a song is ready, we offer a pitch agreement and take it to the publishers, labels, producers and artists we
          work with, and to the industry professionals who browse our catalogue. Our pitching fee: {PITCH_FEE_TEXT}
        </p>
        <Button asChild variant="accent" size="lg" className="mt-8">
          <Link to={PAGE_PATHS.contact}>Contact Us Today</Link>
        </Button>
      </section>
    </div>
  );
}
