import { useId } from 'react';
import * as MESSAGES from '../../../common/messages';
import { cn } from '../../lib/cn';
import { NativeSelect } from '../ui/select';
import type { PlayableVersion } from './player-engine';

const m = MESSAGES.songVersions;

export interface VersionSwitchProps {
  versions: readonly PlayableVersion[] | undefined;
  /** The kind playing. */
  value: string | undefined;
  onChange: (kind: string) => void;
  /** The bar's: a native select, small enough beside the waveform on a phone. */
  compact?: boolean;
  className?: string;
}

/**
 * The versions of a song to switch between (the full demo, the instrumental…), shown only when there is more than
 * one. On the song page they are radio buttons (the arrow keys move between them, switching as they go); in the
 * bar, a select. Either way the player goes on from the same point.
 */
export function VersionSwitch({ versions, value, onChange, compact = false, className }: VersionSwitchProps) {
  const name = useId();
  const playable = versions?.filter((v) => v.audioUrl) ?? [];
  if (playable.length < 2) return null;
  const chosen = value ?? playable[0]!.kind;
  if (compact)
    return (
      <NativeSelect
        aria-label={m.switchLabel}
        title={m.switchLabel}
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        className={cn('h-8 w-auto max-w-32 shrink-0 py-0 pl-2 text-xs sm:max-w-40', className)}
      >
        {playable.map((v) => (
          <option key={v.kind} value={v.kind}>
            {v.label}
          </option>
        ))}
      </NativeSelect>
    );
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-2 text-sm font-medium text-muted-foreground">{m.switchLabel}</legend>
      <div className="flex flex-wrap gap-2">
        {playable.map((v) => (
          <label key={v.kind} className="relative">
            <input
              type="radio"
              name={name}
              value={v.kind}
              checked={v.kind === chosen}
              onChange={() => onChange(v.kind)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'inline-flex min-h-10 cursor-pointer items-center rounded-full border border-border bg-card px-4 text-sm font-medium transition-colors',
                // The chosen one keeps its colours under the pointer (a muted hover behind its light text is unreadable).
                'hover:bg-muted peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-checked:hover:bg-primary',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-foreground',
              )}
            >
              {v.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
