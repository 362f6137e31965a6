import { Navigate, Outlet, useLocation } from 'react-router';
import type { MeResponse } from '../../common/responses';
import * as MESSAGES from '../../common/messages';
import { mayBrowseCatalogue, PAGE_PATHS, withReturnTo } from '../../common/routes';
import { QueryState } from '../components/query-state';
import { PageSpinner } from '../components/ui/spinner';
import { useMe } from '../lib/auth';

/** Where to send this user instead, or null to let them in. */
type Decide = (me: MeResponse) => string | null;

/**
 * Renders the child routes once /api/me says the user may see them, and redirects otherwise.
 * The browser check is for the user's convenience only: the API enforces the same rules.
 */
export function RouteGuard({ decide }: { decide: Decide }) {
  const me = useMe();
  const location = useLocation();
  return (
    <QueryState query={me} pending={<PageSpinner label={MESSAGES.auth.checkingAccess} />} errorTitle={MESSAGES.generic.pageFailed}>
      {(data) => {
        const redirect = decide(data);
        if (!redirect) return <Outlet />;
        // A signed-out visitor (from an e-mail's link, say) comes back here once signed in.
        const to = data.user ? redirect : withReturnTo(redirect, location.pathname + location.search + location.hash);
        return <Navigate to={to} replace />;
      }}
    </QueryState>
  );
}

export const requireSignedIn: Decide = (me) => (me.user ? null : PAGE_PATHS.auth);

/** The catalogue (/songs, /songs/:slug): preview users and admins; anyone else signed in sees their request's status. */
export const requireCatalogueAccess: Decide = (me) =>
  !me.user ? PAGE_PATHS.auth : mayBrowseCatalogue(me) ? null : PAGE_PATHS.previewStatus;

/** Admin area: not signed in -> /auth; signed in but not admin -> home. */
export const requireAdmin: Decide = (me) => (!me.user ? PAGE_PATHS.auth : me.isAdmin ? null : PAGE_PATHS.home);

/** Songwriter area: anyone who is not a signed-in songwriter starts at songwriter sign-up. */
export const requireSongwriter: Decide = (me) => (me.user && me.isSongwriter ? null : PAGE_PATHS.songwriterSignup);

/**
 * A songwriter's own review, reached from an e-mail: only an existing account can own one, so a signed-out
 * visitor is asked to log in (and comes back), not to sign up.
 */
export const requireSongwriterAccount: Decide = (me) => (!me.user ? PAGE_PATHS.auth : me.isSongwriter ? null : PAGE_PATHS.songwriterSignup);
