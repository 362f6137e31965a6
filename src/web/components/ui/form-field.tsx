import { Slot } from '@radix-ui/react-slot';
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/**
 * A label, one control and its message. The control (the only child) gets the id, aria-invalid and
 * aria-describedby, so screen readers read the zod message with the field; a required field shows an
 * asterisk beside its label and tells screen readers with aria-required instead.
 */
export function FormField({
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        )}
      </Label>
      <Slot id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-required={required || undefined}>
        {children}
      </Slot>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
