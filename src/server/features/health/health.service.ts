import type { DependencyState, Readiness } from '../../../common/responses/health';

/** What readiness asks: each resolves when its dependency answers now, and throws what reaching it failed with. */
export interface ReadinessChecks {
  database: () => Promise<void>;
  storage: () => Promise<void>;
  mail?: () => Promise<void>;
}

/** How long each check may take: a dependency slower than this is as good as down to a load balancer. */
export const READINESS_CHECK_TIMEOUT_MS = 3_000;
/** The relay is asked at most this often: each check opens an SMTP session, and mail only warns. */
const MAIL_CHECK_EVERY_MS = 60_000;

class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'CheckTimeout';
  }
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(ms)), ms);
  });
  // A check that fails after its timeout has nobody left to tell.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Why a check failed, in words that name the failure and not the host: the innermost error's code (a socket's
 * ECONNREFUSED, a SQLSTATE), the store's HTTP status, or the innermost message.
 */
export function reasonOf(error: unknown): string {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  for (const e of chain.reverse()) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status) return `HTTP ${status}`;
  }
  const innermost = chain[0];
  return (innermost instanceof Error ? innermost.message : String(innermost)).slice(0, 200);
}

async function stateOf(check: () => Promise<void>, timeoutMs: number): Promise<DependencyState> {
  try {
    await withTimeout(check(), timeoutMs);
    return { state: 'up' };
  } catch (error) {
    return { state: 'down', reason: reasonOf(error) };
  }
}

/**
 * Readiness: the database and the file store are asked at each call, each within its timeout and all at once;
 * the mail relay at most once a minute. Ready when the database and the store are up.
 */
export function createReadiness(checks: ReadinessChecks, options: { timeoutMs?: number; now?: () => number } = {}) {
  const { timeoutMs = READINESS_CHECK_TIMEOUT_MS, now = Date.now } = options;
  let mail: { state: Promise<DependencyState>; at: number } | undefined;
  const mailState = () => {
    if (!checks.mail) return Promise.resolve<DependencyState>({ state: 'up' });
    if (!mail || now() - mail.at >= MAIL_CHECK_EVERY_MS) mail = { state: stateOf(checks.mail, timeoutMs), at: now() };
    return mail.state;
  };
  return async (): Promise<Readiness> => {
    const [database, storage, mailNow] = await Promise.all([
      stateOf(checks.database, timeoutMs),
      stateOf(checks.storage, timeoutMs),
      mailState(),
    ]);
    return { ok: database.state === 'up' && storage.state === 'up', database, storage, mail: mailNow };
  };
}
