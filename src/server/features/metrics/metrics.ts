import { inArray, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * What an operator watches, in Prometheus's text format: requests by route and status with their latency,
 * the mail outbox's backlog, the database pool and uploads under way, and the process's own figures.
 * One registry per app, so two apps in one process (the tests) do not share counts.
 */
export function createMetrics(database: Pick<Database, 'db' | 'poolUse'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its headers; a streamed file may go on), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Prometheus's rate() of it is the outbox's send rate.
  const mailSent = new Counter({
    name: 'mail_sent_total',
    help: 'E-mails this instance has handed to the mail relay (or written to the mail folder).',
    registers: [registry],
  });
  const uploads = new Gauge({
    name: 'uploads_in_progress',
    help: 'Multipart uploads (songs, submissions) being received now.',
    registers: [registry],
  });

  new Gauge({
    name: 'mail_outbox_pending',
    help: 'E-mails waiting to be sent.',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog()).pending);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest e-mail still waiting has waited; 0 when none waits.',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog()).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'mail_outbox_dead',
    help: 'E-mails given up on after every retry (shown on the admin Outbox page).',
    registers: [registry],
    async collect() {
      this.set((await outboxBacklog()).dead);
    },
  });
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state: size (the most the pool opens), open, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      for (const [state, value] of Object.entries(database.poolUse())) pool.set({ state }, value);
    },
  });

  // The three outbox gauges of one scrape share one query.
  let backlog: Promise<{ pending: number; dead: number; oldestAgeSeconds: number }> | undefined;
  function outboxBacklog() {
    backlog ??= database.db
      .select({
        pending: sql`count(*) filter (where ${mailOutbox.status} = 'pending')`.mapWith(Number),
        dead: sql`count(*) filter (where ${mailOutbox.status} = 'dead')`.mapWith(Number),
        oldestAgeSeconds:
          sql`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')), 0)`.mapWith(
            Number,
          ),
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['pending', 'dead']))
      .then(([row]) => row!)
      .finally(() => setImmediate(() => (backlog = undefined)));
    return backlog;
  }

  return {
    registry,
    mailSent,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    async duringUpload<T>(receive: () => Promise<T>): Promise<T> {
      uploads.inc();
      try {
        return await receive();
      } finally {
        uploads.dec();
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
