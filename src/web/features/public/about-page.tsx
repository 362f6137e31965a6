import { Link } from 'react-router';
import { TAGLINE } from '../../../common/constants';
import { PAGE_PATHS } from '../../../common/routes';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { SITE_NAME } from '../../lib/site-name';

const VALUES = [
  {
    title: 'Every song gets a real listen',
    text: 'No algorithms and no interns skimming the first thirty seconds. A working writer or producer hears each song all the way through, in the order it arrived.',
  },
  {
    title: 'Honest beats flattering',
    text: 'We tell you what is working, what is not and why. Kind words that leave a song unchanged do not help it get cut.',
  },
  {
    title: 'We only pitch what we believe in',
    text: 'Our name goes on every pitch. Publishers and A&R people keep opening our emails because we do not send them songs that are not ready.',
  },
] as const;

export function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <PageMeta
        title="About"
        description={`${SITE_NAME} is a Nashville song-pitching company run by working writers and producers who review songs honestly and pitch the ones that are ready.`}
      />
      <PageHeading
        eyebrow="About us"
        title="Nashville ears for your songs"
        lead={`${SITE_NAME} is a song-pitching company based in Nashville, Tennessee. We help songwriters make their songs better and get the best of them heard by the people who record them.`}
      />

      <div className="mt-12 grid gap-12 lg:grid-cols-[2fr_1fr]">
        <section className="prose-warm" aria-labelledby="story-heading">
          <h2 id="story-heading" className="mb-4 text-2xl font-bold">
            Why we started
          </h2>
          <p>
            Nashville runs on songs, and on pitches. A great song sitting on a hard drive does nobody any good; a good song pitched before
            it is finished burns a door that is hard to open twice. We kept meeting writers with real talent and no honest feedback, and
            industry friends who wanted better songs and fewer cold emails. So we built a room where the two could meet.
          </p>
          <p>
            Songwriters send us their songs for a professional evaluation: a written review covering the hook, the lyric, the melody, the
            structure and the demo, with a conversation afterwards so nothing gets lost in translation. When a song is ready, we offer to
            pitch it.
          </p>
          <p>
            Publishers, labels, producers, artist managers and music supervisors get preview access to our catalogue of songs we are
            pitching, with audio, lyrics and a direct line to us. Our motto is simple: {TAGLINE}
          </p>
        </section>

        <aside aria-labelledby="who-heading" className="rounded-xl bg-secondary p-6 text-secondary-foreground">
          <h2 id="who-heading" className="text-xl font-bold">
            Who we work with
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-7">
            <li>Songwriters at every stage, from first songs to staff writers</li>
            <li>Music publishers and song pluggers</li>
            <li>Record labels and A&amp;R</li>
            <li>Producers and artist managers</li>
            <li>Music supervisors for film, TV and advertising</li>
          </ul>
        </aside>
      </div>

      <section className="mt-16" aria-labelledby="values-heading">
        <h2 id="values-heading" className="text-2xl font-bold">
          How we work
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-xl border border-border bg-card p-6">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={PAGE_PATHS.services}>See our services</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={PAGE_PATHS.contact}>Get in touch</Link>
        </Button>
      </div>
    </div>
  );
}
