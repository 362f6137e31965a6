import type { SectionLabel, SongSection } from '../../../common/responses/audio-analysis';
import * as MESSAGES from '../../../common/messages';
import { cn } from '../../lib/cn';
import { formatTime } from './format-time';

/** How each kind of section is coloured: the chorus strongest, intro and outro faintest (both themes). */
const BAND_COLOURS: Record<SectionLabel, string> = {
  intro: 'bg-muted text-muted-foreground',
  verse: 'bg-secondary text-secondary-foreground',
  chorus: 'bg-primary text-primary-foreground',
  bridge: 'bg-info-soft text-info-text',
  outro: 'bg-muted text-muted-foreground',
};

const named = (label: SectionLabel) => label.charAt(0).toUpperCase() + label.slice(1);

/**
 * The song's sections as bands under its waveform, each as wide as the section lasts: a button that moves the
 * playhead to the section's start (by click, tap, or Enter and Space with focus), so a listener goes straight
 * to the chorus.
 */
export function SectionBands({
  sections,
  duration,
  onSeek,
  className,
}: {
  sections: readonly SongSection[];
  duration: number;
  onSeek: (seconds: number) => void;
  className?: string;
}) {
  if (sections.length === 0 || !(duration > 0)) return null;
  const share = (seconds: number) => `${(Math.min(1, Math.max(0, seconds / duration)) * 100).toFixed(3)}%`;
  return (
    <ul aria-label="Sections" className={cn('relative h-7 w-full', className)}>
      {sections.map((section) => (
        <li
          key={`${section.label}-${section.start}`}
          className="absolute inset-y-0 pr-px"
          style={{ left: share(section.start), width: share(section.end - section.start) }}
        >
          <button
            type="button"
            aria-label={MESSAGES.songFacts.sectionBand(named(section.label), formatTime(section.start), formatTime(section.end))}
            title={`${named(section.label)} ${formatTime(section.start)}`}
            onClick={() => onSeek(section.start)}
            className={cn(
              'flex size-full items-center overflow-hidden rounded-sm px-1 text-left text-xs font-medium',
              'hover:brightness-95 focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              BAND_COLOURS[section.label],
            )}
          >
            <span aria-hidden="true" className="truncate">
              {named(section.label)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
