import type { ReactNode } from 'react';
import { describeLoudness } from '../../../common/loudness';
import * as MESSAGES from '../../../common/messages';
import type { SongFacts } from '../../../common/responses/audio-analysis';
import { clockTime, describeSongForm } from '../../../common/song-form';
import { cn } from '../../lib/cn';
import { EnergyCurve } from './energy-curve';

const m = MESSAGES.songFacts;

/** Who reads the panel: the reviewer every figure, the buyer what decides a listen, the songwriter every figure in words. */
export type FactsAudience = 'reviewer' | 'buyer' | 'songwriter';

const minus = (value: number) => (value < 0 ? `−${Math.abs(value).toFixed(1)}` : value.toFixed(1));

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** The figures as a grid of terms: two columns on a phone, four wider. */
function FactFigures({ facts, audience }: { facts: SongFacts; audience: FactsAudience }) {
  const { loudness } = facts;
  const unknown = '—';
  const form = facts.sections?.length ? null : unknown;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
      {audience !== 'buyer' && <Fact term="Tempo">{facts.bpm === null ? 'No steady beat' : `${facts.bpm} BPM`}</Fact>}
      {audience !== 'buyer' && <Fact term="Key">{facts.key ?? 'Not found'}</Fact>}
      <Fact term="First chorus">{form ?? (facts.firstChorusSeconds === null ? 'None found' : clockTime(facts.firstChorusSeconds))}</Fact>
      <Fact term="Intro">{form ?? (facts.introSeconds ? `${Math.round(facts.introSeconds)} s` : 'None')}</Fact>
      <Fact term="Loudness">{loudness.integratedLufs === null ? unknown : `${minus(loudness.integratedLufs)} LUFS`}</Fact>
      {audience !== 'buyer' && (
        <Fact term="True peak">{loudness.truePeakDbtp === null ? unknown : `${minus(loudness.truePeakDbtp)} dBTP`}</Fact>
      )}
      {audience !== 'buyer' && (
        <Fact term="Loudness range">{loudness.loudnessRangeLu === null ? unknown : `${loudness.loudnessRangeLu.toFixed(1)} LU`}</Fact>
      )}
    </dl>
  );
}

/**
 * What the song's audio was measured to be: tempo, key, loudness, time to the first chorus, intro length and
 * the energy curve, with the loudness (and, for the songwriter, the form) in plain words. It scores nothing.
 */
export function FactsPanel({
  facts,
  durationSeconds,
  audience,
  headingLevel = 2,
  className,
}: {
  facts: SongFacts;
  durationSeconds: number | null;
  audience: FactsAudience;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  const loudness = describeLoudness(facts.loudness);
  const sentences =
    audience === 'buyer' ? loudness.slice(0, 1) : audience === 'songwriter' ? [...describeSongForm(facts), ...loudness] : loudness;
  return (
    <section
      aria-labelledby={`facts-${audience}`}
      className={cn('grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm', className)}
    >
      <Heading id={`facts-${audience}`} className="font-sans text-lg font-semibold">
        {m.panelTitle}
      </Heading>
      {facts.measured ? (
        <>
          <FactFigures facts={facts} audience={audience} />
          <ul className="grid list-disc gap-1 pl-5 text-sm leading-6 text-foreground/90">
            {sentences.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <EnergyCurve energy={facts.energy} durationSeconds={durationSeconds} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{m.notMeasured}</p>
      )}
    </section>
  );
}
