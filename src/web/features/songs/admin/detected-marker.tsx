import { Check } from 'lucide-react';
import * as MESSAGES from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

/** The "Detected" mark on a value read from the audio: it stays until the admin confirms the value or changes it. */
export function DetectedBadge() {
  return (
    <Badge variant="warning" className="shrink-0">
      {MESSAGES.audioAnalysis.detectedBadge}
    </Badge>
  );
}

/** Confirms a detected value as the admin's own: the mark goes, the value stays. */
export function ConfirmDetected({ what, onConfirm }: { what: string; onConfirm: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onConfirm} aria-label={MESSAGES.audioAnalysis.confirmLabel(what)}>
      <Check aria-hidden="true" />
      {MESSAGES.audioAnalysis.confirm}
    </Button>
  );
}
