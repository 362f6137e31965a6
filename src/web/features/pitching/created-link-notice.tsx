import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { CreatedPitchLink } from '../../../common/responses';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** What the new-link page passes to the list in the navigation state. */
export interface CreatedLinkState {
  created?: CreatedPitchLink & { email: string };
}

/** The new link, shown this once (only its hash is kept), for an admin who also wants to send it another way. */
export function CreatedLinkNotice({ created, className }: { created: NonNullable<CreatedLinkState['created']>; className?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Alert variant="success" role="status" className={className}>
      <p className="font-semibold">Pitch link sent to {created.email}.</p>
      <p className="mt-1">This is the only time the link is shown here; the recipient has it in their email.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Input
          readOnly
          value={created.url}
          aria-label="The new pitch link"
          className="min-w-0 flex-1 bg-card font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </Alert>
  );
}
