import { adminDownloadPermissionRoutes, catalogueDownloadRoutes } from './features/downloads/downloads.routes';
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import * as MESSAGES from '../common/messages';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { meRoutes } from './features/accounts/accounts.routes';
import { adminOwnDataRoutes, ownDataRoutes } from './features/own-data/own-data.routes';
import { adminAgreementRoutes, adminPitchPipelineRoutes, songwriterAgreementRoutes } from './features/agreements/agreements.routes';
import { adminLedgerRoutes, adminPlacementRoutes, songwriterPlacementRoutes } from './features/placements/placements.routes';
import { getMe } from './features/accounts/accounts.service';
import { createActorReader } from './features/accounts/actor-reader';
import { clientErrorRoutes } from './features/client-errors/client-errors.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { healthRoutes } from './features/health/health.routes';
import { createMetrics, type Metrics } from './features/metrics/metrics';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { backupRoutes } from './features/backup/backup.routes';
import { openApiRoutes } from './features/openapi/openapi.routes';
import { adminCommentRoutes, songCommentRoutes } from './features/comments/comments.routes';
import { adminSettingsRoutes } from './features/settings/settings.routes';
import { fileRoutes } from './features/files/files.routes';
import { createFileChecks } from './features/files/files.service';
import { outboxHoldRoutes, outboxRoutes } from './features/outbox/outbox.routes';
import { adminAuditRoutes } from './features/audit/audit.routes';
import { playRoutes } from './features/plays/plays.routes';
import { adminPitchLinkRoutes, pitchRoutes } from './features/pitching/pitch-links.routes';
import { adminSongResponseRoutes, songResponseRoutes } from './features/pitching/responses.routes';
import { adminPitchActivityExportRoutes, adminPitchActivityRoutes } from './features/pitching/pitch-activity.routes';
import { adminSongExportRoutes, adminSongImportRoutes } from './features/catalogue-csv/catalogue-csv.routes';
import { adminHoldCompanyRoutes, songwriterPitchReportRoutes } from './features/pitch-report/pitch-report.routes';
import { adminPreviewRoutes, previewRequestRoutes } from './features/preview-access/preview-access.routes';
import { stripeWebhookRoutes, testCheckoutRoutes } from './features/orders/payments.routes';
import { songwriterRoutes } from './features/songwriters/songwriters.routes';
import { submissionRoutes } from './features/submissions/submissions.routes';
import { adminReviewRoutes, adminUnreadMessageRoutes, songwriterReviewRoutes } from './features/reviews/reviews.routes';
import { adminStudioRoutes, songwriterStudioRoutes } from './features/reviews/studio.routes';
import { songwriterRewriteRoutes } from './features/reviews/rewrites.routes';
import { adminOperationsRoutes } from './features/admin/admin.routes';
import type { PaymentProvider } from './adapters/payments';
import { createCatalogueCache } from './features/songs/catalogue-cache';
import { adminSongAudioRoutes, adminSongOrderRoutes, adminSongRoutes, catalogueRoutes } from './features/songs/songs.routes';
import type { Storage } from './adapters/storage/storage';
import { AppError } from './lib/app-error';
import { clientAddressResolver } from './lib/client-address';
import { loggedPath } from './lib/token-redaction';
import { handleError } from './lib/error-handler';
import { AUTH_BASE_PATH, WHOLE_API } from './lib/app-routes';
import type { AppEnv } from './lib/hono-env';
import type { Logger } from './lib/logger';
import { clearCachesAfterAdminWrites, loadActor, requireRole } from './middleware/require-user';
import { originCheck, securityHeadersFor, WRITE_METHODS } from './middleware/security';
import { webAppRoutes } from './web-app';
import { compressPagesAndJson } from './lib/compression';
import { siteIndexRoutes } from './features/site-index/site-index.routes';

export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  storage: Storage;
  payments: PaymentProvider;
  logger: Logger;
  /** Folder of the built web app; omitted by API tests. */
  webRoot?: string;
  /** How long callers, catalogue pages and file rows are cached; benchmarks pass 0 to measure the database. */
  cacheTtlMs?: number;
  /** Where the store serves files directly (directOriginOf(storage)), for the page CSP; none from disk. */
  fileOrigin?: string | undefined;
  /** Tells of session, user and role changes made through any instance (Database.onSessionsChanged). */
  onSessionsChanged?: Database['onSessionsChanged'];
  /** The database pool's state, for /metrics (Database.poolUse). */
  poolUse?: Database['poolUse'];
  /** What /metrics reports; the server shares it with the mail worker. Made here when not given. */
  metrics?: Metrics;
}

/** JSON bodies are small; uploads have their own, larger limits per file on their routes. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** The routes that take multipart uploads: every other route refuses a body over 1 MB. */
function isUploadRoute(method: string, path: string): boolean {
  if (method === 'POST' && (path === '/api/submissions' || path === '/api/admin/songs' || path === '/api/admin/song-audio')) return true;
  if (method === 'POST' && /^\/api\/reviews\/[^/]+\/rewrite$/.test(path)) return true;
  return method === 'PUT' && /^\/api\/admin\/songs\/[^/]+$/.test(path);
}

function peerAddressOf(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function createApp({
  config,
  db,
  auth,
  storage,
  payments,
  logger,
  webRoot,
  cacheTtlMs = 2_000,
  fileOrigin,
  onSessionsChanged,
  poolUse = () => ({ size: 1, open: 1, idle: 1, waiting: 0 }),
  metrics = createMetrics({ db, poolUse }),
}: AppDeps) {
  const trustedOrigins = config.env === 'development' ? [config.publicUrl, 'http://localhost:5173'] : [config.publicUrl];
  const app = new Hono<AppEnv>();

  const securityHeaders = securityHeadersFor({ isProduction: config.isProduction, fileOrigin });
  const clientAddress = clientAddressResolver(config.trustedProxies);
  const readActor = createActorReader(auth, db, { ttlMs: cacheTtlMs });
  const catalogue = createCatalogueCache({ ttlMs: cacheTtlMs });
  const fileChecks = cacheTtlMs > 0 ? createFileChecks({ ttlMs: cacheTtlMs }) : undefined;

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('logger', logger);
    // The socket's address, or X-Forwarded-For's as far as trusted proxies wrote it (TRUSTED_PROXIES, decision
    // 0033): a client cannot choose its own rate-limit key.
    c.set('clientIp', clientAddress(peerAddressOf(c), c.req.header('x-forwarded-for')));
    const started = performance.now();
    await next();
    // A route's own value wins: stored files, for one, keep their sandboxing CSP.
    for (const [name, value] of [['X-Request-Id', requestId] as const, ...securityHeaders(c.req.path)]) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    const ms = performance.now() - started;
    // The pattern of the route that answered (/api/songs/:slug), never the path itself: a bounded set of labels.
    metrics.observeRequest(c.req.method, routePath(c), c.res.status, ms / 1000);
    logger.info({ requestId, method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(ms) }, 'request');
  });
  app.use('*', compressPagesAndJson());
  app.onError(handleError);

  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.generic.bodyTooLarge);
    },
  });
  // Only writes carry a body. Any other method reaches only the 404 below.
  app.on(WRITE_METHODS, WHOLE_API, async (c, next) => {
    // Upload routes stream their files to disk and enforce each file's own limit (lib/multipart.ts);
    // hono's bodyLimit would buffer a chunked body in memory first.
    const upload = c.req.header('content-type')?.startsWith('multipart/form-data') && isUploadRoute(c.req.method, c.req.path);
    return upload ? metrics.duringUpload(next) : jsonBodyLimit(c, next);
  });

  app.on(
    WRITE_METHODS,
    WHOLE_API,
    clearCachesAfterAdminWrites(catalogue.clear, () => fileChecks?.clear(), readActor.clear),
  );
  // Any write may change the caller's own roles (joining as a songwriter, a preview request granted at once).
  app.on(WRITE_METHODS, WHOLE_API, async (c, next) => {
    try {
      await next();
    } finally {
      readActor.forget(c.req.raw.headers);
    }
  });
  // Another instance's sign-outs and role changes, as the database announces them.
  onSessionsChanged?.(readActor.clear).catch((error: unknown) =>
    logger.error({ err: error }, 'cannot listen for session changes; cached callers expire on their own'),
  );

  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const answered = await auth.handler(new Request(c.req.raw, { headers }));
    // Signing in or out, verifying an address or resetting a password may change any cached caller; a read
    // (get-session, ok) changes nothing, so it cannot be used to empty the cache.
    if (c.req.method === 'POST' || answered.headers.getSetCookie().length > 0) readActor.clear();
    return answered;
  });

  app.on(WRITE_METHODS, WHOLE_API, originCheck(trustedOrigins));
  // After better-auth's own routes, which read their sessions themselves.
  app.use('/api/*', loadActor(readActor));

  const mail = { emailCtx: { siteName: config.siteName, publicUrl: config.publicUrl }, adminEmail: config.adminNotifyEmail };
  const preview = adminPreviewRoutes(db, mail);
  const downloadContact = { siteName: config.siteName, email: config.adminNotifyEmail, publicUrl: config.publicUrl };
  const downloadPermission = adminDownloadPermissionRoutes(db);
  const settingsDefaults = { siteName: config.siteName, contactEmail: config.adminNotifyEmail };

  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes(db))
    .route(
      '/openapi.json',
      openApiRoutes(
        () => app.routes,
        () => auth.api.generateOpenAPISchema(),
        config,
      ),
    )
    .route('/me', meRoutes(db))
    .route('/me', ownDataRoutes({ db, storage, mail }))
    .route('/contact', contactRoutes(db, config))
    .route('/client-errors', clientErrorRoutes(db))
    .route('/songs', catalogueRoutes({ db, storage, secret: config.authSecret, catalogue }))
    .route('/songs', songCommentRoutes(db))
    .route('/songs', catalogueDownloadRoutes({ db, storage, contact: downloadContact }))
    .route('/plays', playRoutes(db))
    .route('/song-responses', songResponseRoutes(db, mail, config.authSecret))
    .route('/pitch', pitchRoutes({ db, secret: config.authSecret, mail, storage, contact: downloadContact }))
    .route('/preview-requests', previewRequestRoutes(db, mail))
    .route('/songwriters', songwriterRoutes({ db, auth, config, payments }))
    .route('/test-checkout', testCheckoutRoutes(db, payments, mail.emailCtx))
    .route('/payments/stripe', stripeWebhookRoutes(db, config, mail.emailCtx))
    .route('/submissions', submissionRoutes({ db, storage, mail }))
    .route('/reviews', songwriterReviewRoutes({ db, secret: config.authSecret, mail }))
    .route('/reviews', songwriterStudioRoutes(db))
    .route('/reviews', songwriterRewriteRoutes({ db, storage, mail }))
    .route('/pitch-agreements', songwriterAgreementRoutes({ db, mail, songMedia: { storage, logger } }))
    .route('/pitch-report', songwriterPitchReportRoutes(db))
    .route('/placements', songwriterPlacementRoutes(db))
    .route('/files', fileRoutes({ db, storage, secret: config.authSecret, fileChecks }));

  const admin = new Hono<AppEnv>();
  admin.use('*', requireRole('admin'));
  admin.route('/outbox', outboxRoutes(db));
  admin.route('/outbox-hold', outboxHoldRoutes(db));
  admin.route('/audit', adminAuditRoutes(db));
  admin.route('/songs', adminSongRoutes({ db, storage, secret: config.authSecret }));
  admin.route('/song-order', adminSongOrderRoutes(db));
  admin.route('/song-audio', adminSongAudioRoutes({ db, storage }));
  admin.route('/song-import', adminSongImportRoutes(db));
  admin.route('/song-export', adminSongExportRoutes(db));
  admin.route('/comments', adminCommentRoutes(db));
  admin.route('/settings', adminSettingsRoutes(db, settingsDefaults));
  admin.route('/preview-requests', preview.requests);
  admin.route('/preview-requests', downloadPermission.previewRequests);
  admin.route('/preview-accounts', preview.accounts);
  admin.route('/preview-activity', preview.activity);
  admin.route('/reviews', adminReviewRoutes({ db, secret: config.authSecret, mail }));
  admin.route('/reviews', adminStudioRoutes(db));
  admin.route('/unread-messages', adminUnreadMessageRoutes(db));
  admin.route('/pitch-links', adminPitchLinkRoutes({ db, mail }));
  admin.route('/pitch-links', downloadPermission.pitchLinks);
  admin.route('/pitch-agreements', adminAgreementRoutes({ db, mail }));
  admin.route('/pitch-pipeline', adminPitchPipelineRoutes(db));
  admin.route('/placements', adminPlacementRoutes(db));
  admin.route('/ledger', adminLedgerRoutes(db));
  admin.route('/song-responses', adminSongResponseRoutes(db));
  admin.route('/song-responses', adminHoldCompanyRoutes(db));
  admin.route('/pitch-activity', adminPitchActivityRoutes(db));
  admin.route('/pitch-activity-export', adminPitchActivityExportRoutes(db));
  admin.route('/users', adminOwnDataRoutes({ db, storage, mail }));
  admin.route('/', adminOperationsRoutes({ db, storage }));
  api.route('/admin', admin);

  api.all('*', () => {
    throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  });
  app.route('/api', api);
  app.route('/metrics', metricsRoutes(metrics, config.metricsToken));
  app.route('/', siteIndexRoutes(config.publicUrl));
  app.route('/backup', backupRoutes({ db, storage, config }));

  if (webRoot) {
    const callerOf = async (c: Context<AppEnv>) => {
      const { actor, setCookies } = await readActor(c.req.raw.headers);
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return getMe({ db, actor });
    };
    app.route('/', webAppRoutes(webRoot, callerOf, { testPayments: config.testPaymentsAnnounced, publicUrl: config.publicUrl }));
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
