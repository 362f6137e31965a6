import { ArrowRight, Headphones, MicVocal, Quote, Send } from 'lucide-react';
import { Link } from 'react-router';
import { PRICE_PER_SONG_CENTS, TAGLINE } from '../../../common/constants';
import { PAGE_PATHS } from '../../../common/routes';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatCents } from '../../../common/money';
import { SITE_NAME } from '../../lib/site-name';
import nashvilleNight from './nashville-night.svg?raw';

const STEPS = [
  {
    icon: MicVocal,
    title: 'Send us your songs',
    text: `Sign up, tell us about your writing and submit one to four songs at ${formatCents(PRICE_PER_SONG_CENTS)} each: a work tape and a lyric sheet are all we need.`,
  },
  {
    icon: Headphones,
    title: 'Get an honest review',
    text: 'A working Nashville pro listens to every song from top to bottom and writes back about the hook, the story, the structure and the demo, with notes you can act on.',
  },
  {
    icon: Send,
    title: 'Get pitched',
    text: 'When a song is ready, we offer a pitch agreement and put it in front of the publishers, labels, producers and artists we know are looking.',
  },
] as const;

export function HomePage() {
  return (
    <>
      <PageMeta
        description={`${SITE_NAME} is a Nashville song-pitching company: professional song reviews for songwriters and a curated catalogue of pitch-ready songs for the industry.`}
      />

      <section className="bg-gradient-to-br from-stone-950 via-stone-900 to-[#3d0f16] text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[1fr_28rem]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent">Nashville song pitching &amp; song reviews</p>
            <h1 className="mt-4 max-w-3xl text-4xl font-bold leading-tight sm:text-6xl">{TAGLINE}</h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-stone-200">
              We get great songs in front of the publishers, labels, producers and artists who cut them, and we give songwriters the
              straight, professional feedback it takes to get there.
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="accent" size="lg">
                <Link to={PAGE_PATHS.signup}>
                  Get Started
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild variant="outline" size="lg" className="border-stone-400 bg-transparent text-white hover:bg-white/10">
                <Link to={PAGE_PATHS.services}>Our Services</Link>
              </Button>
            </div>
          </div>
          {/*
            The site's own drawing (decorative), written into the page rather than fetched: it paints with the
            headline, and its box is sized by the drawing's own proportions, so nothing moves.
          */}
          <div
            aria-hidden="true"
            className="mx-auto w-full max-w-md overflow-hidden rounded-2xl shadow-2xl shadow-black/40 lg:max-w-none [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            dangerouslySetInnerHTML={{ __html: nashvilleNight }}
          />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="intro-heading">
        <div className="prose-warm max-w-3xl">
          <h2 id="intro-heading" className="mb-4 text-3xl font-bold">
            Songs don’t get cut by accident
          </h2>
          <p>
            Every week, publishers and A&amp;R people in this town hear hundreds of songs, and most never get past the first chorus. The
            ones that do were shaped, rewritten and pitched to the right person at the right time. That is the work we do.
          </p>
          <p>
            Songwriters come to us for a professional evaluation of their songs and, when a song is ready, for a pitch. Industry
            professionals come to us for songs worth their time. New here? Our{' '}
            <Link to={PAGE_PATHS.faqs} className="link">
              frequently asked questions
            </Link>{' '}
            cover what a review costs, how long it takes and how pitching works.
          </p>
        </div>

        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon aria-hidden="true" className="size-8 text-primary" />
                  <CardTitle as="h3">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="leading-7 text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-secondary" aria-labelledby="testimonial-heading">
        <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
          <h2 id="testimonial-heading" className="sr-only">
            What songwriters say
          </h2>
          <figure>
            <Quote aria-hidden="true" className="size-10 text-primary" />
            {/* The brand face comes in bold only (fonts/brand-face.css); a quote this long reads better in a book face. */}
            <blockquote className="mt-4 font-serif text-2xl italic leading-relaxed text-secondary-foreground sm:text-3xl">
              I’d been sending the same three songs around town for two years. My {SITE_NAME} evaluation showed me in one page why my second
              verse was stalling the chorus and exactly how to fix it. I rewrote it that weekend. Best money I’ve spent on my writing.
            </blockquote>
            <figcaption className="mt-6 text-secondary-foreground">
              <span className="font-semibold">Jenna R.</span>, songwriter, Knoxville, Tennessee
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="industry-heading">
        <Card className="flex flex-col gap-6 p-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="industry-heading" className="text-2xl font-bold">
              Publisher, A&amp;R, producer or music supervisor?
            </h2>
            <p className="mt-2 leading-7 text-muted-foreground">
              Request preview access to our catalogue of pitch-ready songs: stream every demo, read the lyrics and tell us what you are
              looking for.
            </p>
          </div>
          <Button asChild size="lg">
            <Link to={PAGE_PATHS.previewRequest}>Request Access</Link>
          </Button>
        </Card>
      </section>
    </>
  );
}
