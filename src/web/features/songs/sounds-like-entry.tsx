import { AudioLines } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';

const loadDialog = () => import('./sounds-like-dialog');
const SoundsLikeDialog = lazy(() => loadDialog().then((m) => ({ default: m.SoundsLikeDialog })));

/**
 * The catalogue's "Sounds like…" button. The dialog (upload or pick a song, the analysis's progress, the ranked
 * songs) loads when the buyer points at or focuses the button, so the catalogue's first view does not carry it.
 */
export function SoundsLikeEntry() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = (busy: boolean) => (
    <Button
      variant="outline"
      aria-busy={busy || undefined}
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      onClick={() => {
        setWanted(true);
        setOpen(true);
      }}
    >
      <AudioLines aria-hidden="true" />
      {MESSAGES.referenceSearch.open}
    </Button>
  );
  if (!wanted) return button(false);
  return (
    <>
      {button(false)}
      <Suspense fallback={null}>
        <SoundsLikeDialog open={open} onOpenChange={setOpen} />
      </Suspense>
    </>
  );
}
