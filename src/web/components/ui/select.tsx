import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

/** A styled native <select>: keyboard, screen reader and mobile pickers come for free. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-10 py-2 pr-8', className)} {...props} />;
}
