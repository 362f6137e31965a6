import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PACKAGE_SIZES, PRICE_PER_SONG_CENTS, REVIEW_TURNAROUND, packagePriceCents, type PackageSize } from '../../../common/constants';
import { formatCents } from '../../../common/money';
import { PAGE_PATHS } from '../../../common/routes';
import { Button } from '../../components/ui/button';
import { PackageFeatures } from '../../components/package-features';

const songsLabel = (size: number) => `${size} ${size === 1 ? 'song' : 'songs'}`;

/**
 * The four review packages as one choice: how many songs, the price it comes to, and what every package
 * includes (said once, with the turnaround, instead of on four cards). A form only so that it stays inert
 * until the app takes over the prerendered page.
 */
export function PackageChooser() {
  const [size, setSize] = useState<PackageSize>(1);
  const legendId = useId();
  const priceId = useId();
  return (
    <form
      className="mt-8 grid gap-8 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:grid-cols-[1fr_20rem]"
      onSubmit={(e) => e.preventDefault()}
    >
      <div>
        <fieldset aria-describedby={priceId}>
          <legend id={legendId} className="text-lg font-semibold">
            How many songs?
          </legend>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {PACKAGE_SIZES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer flex-col items-center rounded-xl border-2 border-border px-3 py-4 text-center transition-colors hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name="package-size"
                  value={option}
                  checked={size === option}
                  onChange={() => setSize(option)}
                  className="sr-only"
                />
                <span className="font-display text-3xl font-bold">{option}</span>
                <span className="text-sm text-muted-foreground">{option === 1 ? 'song' : 'songs'}</span>
                <span className="mt-1 text-sm font-medium">{formatCents(packagePriceCents(option))}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <PackageFeatures className="mt-6 sm:grid-cols-2" />
        <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {REVIEW_TURNAROUND}
        </p>
      </div>
      <div className="flex flex-col justify-center rounded-xl bg-secondary p-6 text-secondary-foreground">
        <p id={priceId} aria-live="polite">
          <span className="block text-sm font-medium">{songsLabel(size)} reviewed</span>
          <span className="font-display text-5xl font-bold text-primary">{formatCents(packagePriceCents(size))}</span>
          <span className="mt-1 block text-sm">
            {size} × {formatCents(PRICE_PER_SONG_CENTS)} per song
          </span>
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to={PAGE_PATHS.signup}>Start a review</Link>
        </Button>
      </div>
    </form>
  );
}
