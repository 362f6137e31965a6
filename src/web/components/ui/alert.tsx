import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const alertVariants = cva('rounded-md border px-4 py-3 text-sm', {
  variants: {
    variant: {
      info: 'border-border bg-muted text-foreground',
      success: 'border-success-line bg-success-soft text-success-text',
      destructive: 'border-danger-line bg-danger-soft text-danger-text',
    },
  },
  defaultVariants: { variant: 'info' },
});

/** An inline notice. Pass role="alert" for messages that appear after an action. */
export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}
