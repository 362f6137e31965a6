import { Fragment } from 'react';
import { cn } from '../lib/cn';

/**
 * An e-mail address that wraps where a reader expects, before the '@' and after each '.', instead of
 * mid-word (break-all). Only a part longer than its whole box still breaks inside (break-word), and since
 * break-word, unlike overflow-wrap:anywhere, leaves a table column's minimum width alone, a column holds
 * at least the longest part.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className={cn('[overflow-wrap:break-word]', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
