import { Check } from 'lucide-react';
import { PACKAGE_FEATURES } from '../../common/constants';
import { cn } from '../lib/cn';

/** What every review package includes, ticked: on the public package chooser and the songwriter's order page. */
export function PackageFeatures({ className }: { className?: string }) {
  return (
    <ul className={cn('grid gap-2 text-sm', className)}>
      {PACKAGE_FEATURES.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
