import type { ReactNode } from 'react';

/** The one h1 of a public page, with an optional eyebrow line and lead paragraph. */
export function PageHeading({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">{eyebrow}</p>}
      <h1 className="mt-2 text-4xl font-bold sm:text-5xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-8 text-muted-foreground">{lead}</p>}
    </div>
  );
}
