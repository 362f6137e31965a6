import type { Actor } from '../features/accounts/accounts.service';
import type { Logger } from './logger';

/** What middleware puts on Hono's context for routes to read. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The app's logger; a route logs through requestLog(c), whose lines carry the request id. */
    logger: Logger;
    clientIp: string;
    /** Loaded lazily by middleware/require-user; null when signed out. */
    actor: Actor | null;
    /** Set by a route that changed someone's roles, so sessions kept for a moment are forgotten (decision 0019). */
    rolesChanged?: boolean;
  };
}
