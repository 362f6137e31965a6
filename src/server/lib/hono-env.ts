import type { Actor } from '../features/accounts/accounts.service';
import type { Logger } from './logger';

/** What middleware puts on Hono's context for routes to read. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The app's logger; a route logs through requestLog(c), whose lines carry the request id. */
    logger: Logger;
    clientIp: string;
    /** Set by middleware/require-user's loadActor for every API route; null when signed out. */
    actor: Actor | null;
  };
}
