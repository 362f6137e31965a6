import * as MESSAGES from '../../../common/messages';
import { usePageLoading } from '../lazy-page';

/**
 * A thin bar across the top while the next page's code loads. The old page stays on screen and usable
 * meanwhile (the router navigates in a transition), so this is the only sign that the click was heard.
 */
export function PagePendingBar() {
  const loading = usePageLoading();
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label={MESSAGES.generic.loadingPage}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-accent/30"
    >
      <div className="h-full w-1/3 animate-page-pending bg-accent motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
