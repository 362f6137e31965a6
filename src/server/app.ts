import { adminDownloadPermissionRoutes, catalogueDownloadRoutes } from './features/downloads/downloads.routes';
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import * as MESSAGES from '../common/messages';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import type { Config } from './config';
import { pingDatabase, type Database, type Db } from './db/client';
import { meRoutes } from './features/accounts/accounts.routes';
import { adminOwnDataRoutes, ownDataRoutes } from './features/own-data/own-data.routes';
import { adminAgreementRoutes, adminPitchPipelineRoutes, songwriterAgreementRoutes } from './features/agreements/agreements.routes';
import { adminLedgerRoutes, adminPlacementRoutes, songwriterPlacementRoutes } from './features/placements/placements.routes';
import { getMe } from './features/accounts/accounts.service';
import { createActorReader, type ActorReader } from './features/accounts/actor-reader';
import { clientErrorRoutes } from './features/client-errors/client-errors.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { healthRoutes } from './features/health/health.routes';
import type { ReadinessChecks } from './features/health/health.service';
import { createMetrics, type Metrics } from './features/metrics/metrics';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { backupRoutes } from './features/backup/backup.routes';
import { openApiRoutes } from './features/openapi/openapi.routes';
import { adminCommentRoutes, songCommentRoutes } from './features/comments/comments.routes';
import { adminSettingsRoutes } from './features/settings/settings.routes';
import { fileRoutes } from './features/files/files.routes';
import { createFileChecks, type FileChecks } from './features/files/files.service';
import { outboxHoldRoutes, outboxRoutes } from './features/outbox/outbox.routes';
import { adminAnalysisJobRoutes } from './features/audio/audio.routes';
import { adminAuditRoutes } from './features/audit/audit.routes';
import { playRoutes } from './features/plays/plays.routes';
import { playlistRoutes } from './features/playlists/playlists.routes';
import { adminBriefRoutes, briefRoutes } from './features/briefs/briefs.routes';
import { newSongsMailRoutes } from './features/new-songs-mail/new-songs-mail.routes';
import { adminPitchLinkRoutes, pitchRoutes } from './features/pitching/pitch-links.routes';
import { shareRoutes } from './features/pitching/shares.routes';
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
import { adminScreeningRoutes, briefOutcomeRoutes, briefShortlistRoutes } from './features/briefs/screening.routes';
import { songwriterRewriteRoutes } from './features/reviews/rewrites.routes';
import { adminOperationsRoutes } from './features/admin/admin.routes';
import type { PaymentProvider } from './adapters/payments';
import { createCatalogueCache, type CatalogueCache } from './features/songs/catalogue-cache';
import { adminSongAudioRoutes, adminSongOrderRoutes, adminSongRoutes, catalogueRoutes } from './features/songs/songs.routes';
import type { Storage } from './adapters/storage/storage';
import { AppError } from './lib/app-error';
import { clientAddressResolver } from './lib/client-address';
import { loggedPath } from './lib/token-redaction';
import { handleError } from './lib/error-handler';
import { DependencyUnavailable } from './lib/outage';
import { AUTH_BASE_PATH, WHOLE_API } from './lib/app-routes';
import type { AppEnv } from './lib/hono-env';
import type { RouterRoute } from 'hono/types';
import { endpoint, isUploadRoute } from './middleware/endpoint';
import type { Logger } from './lib/logger';
import {
  adminSoundsLikeRoutes,
  clearCatalogueProfiles,
  playlistLikeThisRoutes,
  referenceRoutes,
  similarityRoutes,
  soundsLikeRoutes,
} from './features/similarity';
import { clearCachesAfterAdminWrites, loadActor, requireRole } from './middleware/require-user';
import { originCheck, securityHeadersFor, WRITE_METHODS } from './middleware/security';
import { notReadyWhileDraining, READINESS_PATH } from './middleware/draining';
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
  /** Hands over the catalogue cache's clear, for work outside requests that changes songs (the analysis pipeline). */
  onCatalogueCache?: (clear: () => void) => void;
  /** Tells of session, user and role changes made through any instance (Database.onSessionsChanged). */
  onSessionsChanged?: Database['onSessionsChanged'];
  /** The database pool's state, for /metrics (Database.poolUse). */
  poolUse?: Database['poolUse'];
  /** What /metrics reports; the server shares it with the mail worker. Made here when not given. */
  metrics?: Metrics;
  /** Whether the server is draining before it stops (server.ts): readiness then answers 503. */
  draining?: () => boolean;
  /** Readiness's checks where not the defaults (the database answers a ping, the store its own check); mail's. */
  readinessChecks?: Partial<ReadinessChecks>;
  /** The clock of due dates and late reviews (decision 0094); tests pass their own. */
  now?: () => Date;
  /** False while the server is still starting (the database not yet reached and migrated): all but health answer 503. */
  started?: () => boolean;
}

/** JSON bodies are small; uploads have their own, larger limits per file on their routes. */
const JSON_BODY_LIMIT = 1024 * 1024;

function peerAddressOf(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What createApp makes once and the layers and features share. */
interface AppState {
  readActor: ActorReader;
  catalogue: CatalogueCache;
  fileChecks: FileChecks | undefined;
  metrics: Metrics;
}

type Deps = Omit<AppDeps, 'metrics' | 'poolUse'>;

export function createApp({ cacheTtlMs = 2_000, poolUse = () => ({ size: 1, open: 1, idle: 1, waiting: 0 }), metrics, ...deps }: AppDeps) {
  const { config, db, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  const state: AppState = {
    readActor: createActorReader(auth, db, { ttlMs: cacheTtlMs }),
    catalogue: createCatalogueCache({ ttlMs: cacheTtlMs }),
    fileChecks: cacheTtlMs > 0 ? createFileChecks({ ttlMs: cacheTtlMs }) : undefined,
    metrics: metrics ?? createMetrics({ db, poolUse }),
  };

  addRequestLayers(app, deps, state);
  // Songs measured change "more like this" too: its in-memory catalogue is read again with the pages.
  deps.onCatalogueCache?.(() => {
    state.catalogue.clear();
    clearCatalogueProfiles();
  });
  // Another instance's sign-outs and role changes, as the database announces them.
  deps
    .onSessionsChanged?.(state.readActor.clear)
    .catch((error: unknown) => logger.error({ err: error }, 'cannot listen for session changes; cached callers expire on their own'));
  mountAuth(app, auth, state.readActor);
  app.on(WRITE_METHODS, WHOLE_API, originCheck(trustedOriginsOf(config)));
  // After better-auth's own routes, which read their sessions themselves.
  app.use('/api/*', loadActor(state.readActor));

  const api = featureRoutes(deps, state, () => app.routes);
  api.all('*', () => {
    throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  });
  app.route('/api', api);
  app.route('/metrics', metricsRoutes(state.metrics, config.metricsToken));
  app.route('/', siteIndexRoutes(config.publicUrl));
  app.route('/backup', backupRoutes({ db, storage: deps.storage, config }));

  if (deps.webRoot) {
    const callerOf = async (c: Context<AppEnv>) => {
      const { actor, setCookies } = await state.readActor(c.req.raw.headers);
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return getMe({ db, actor });
    };
    app.route('/', webAppRoutes(deps.webRoot, callerOf, { testPayments: config.testPaymentsAnnounced, publicUrl: config.publicUrl }));
  }
  return app;
}

const trustedOriginsOf = (config: Config) =>
  config.env === 'development' ? [config.publicUrl, 'http://localhost:5173'] : [config.publicUrl];

/** Every request's id, client address, security headers, metrics and log line; then the write layers. */
function addRequestLayers(
  app: Hono<AppEnv>,
  { config, logger, fileOrigin, draining = () => false, started = () => true }: Deps,
  { readActor, catalogue, fileChecks, metrics }: AppState,
) {
  const securityHeaders = securityHeadersFor({ isProduction: config.isProduction, fileOrigin });
  const clientAddress = clientAddressResolver(config.trustedProxies);
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
  app.use(READINESS_PATH, notReadyWhileDraining(draining));
  app.use('*', async (c, next) => {
    if (!started() && !c.req.path.startsWith('/api/health')) throw new DependencyUnavailable('database');
    await next();
  });

  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.generic.bodyTooLarge);
    },
  });
  // Only writes carry a body. Any other method reaches only the 404 below.
  app.on(WRITE_METHODS, WHOLE_API, async (c, next) => {
    // Upload routes (an endpoint declaring `multipart`) stream their files to disk and enforce each file's own
    // limit (lib/multipart.ts); hono's bodyLimit would buffer a chunked body in memory first.
    const upload = c.req.header('content-type')?.startsWith('multipart/form-data') && isUploadRoute(c);
    return upload ? metrics.duringUpload(next) : jsonBodyLimit(c, next);
  });
  app.on(
    WRITE_METHODS,
    WHOLE_API,
    clearCachesAfterAdminWrites(catalogue.clear, () => fileChecks?.clear(), readActor.clear, clearCatalogueProfiles),
  );
  // Any write may change the caller's own roles (joining as a songwriter, a preview request granted at once).
  app.on(WRITE_METHODS, WHOLE_API, async (c, next) => {
    try {
      await next();
    } finally {
      readActor.forget(c.req.raw.headers);
    }
  });
}

/** better-auth answers /api/auth/* itself, told the client address in a header of ours. */
function mountAuth(app: Hono<AppEnv>, auth: Auth, readActor: ActorReader) {
  const declared = endpoint({
    access: 'public',
    // In the API document, one operation per better-auth endpoint, as better-auth describes them.
    summary: "better-auth's own endpoints (sign-up, sign-in, sign-out, get-session, password reset, ...)",
  });
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, declared, async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const answered = await auth.handler(new Request(c.req.raw, { headers }));
    // Signing in or out, verifying an address or resetting a password may change any cached caller; a read
    // (get-session, ok) changes nothing, so it cannot be used to empty the cache.
    if (c.req.method === 'POST' || answered.headers.getSetCookie().length > 0) readActor.clear();
    return answered;
  });
}

/**
 * Where every feature's routes are mounted under /api: the one place a new feature is added. Each route
 * declares who may call it with `endpoint` (middleware/endpoint.ts); the admin area also requires an admin
 * as a whole, so no route under it is ever open by mistake.
 */
function featureRoutes(
  { config, db, auth, storage, payments, logger, readinessChecks, now }: Deps,
  { catalogue, fileChecks }: AppState,
  routes: () => readonly RouterRoute[],
) {
  const mail = { emailCtx: { siteName: config.siteName, publicUrl: config.publicUrl }, adminEmail: config.adminNotifyEmail };
  const preview = adminPreviewRoutes(db, mail);
  const downloadContact = { siteName: config.siteName, email: config.adminNotifyEmail, publicUrl: config.publicUrl };
  const downloadPermission = adminDownloadPermissionRoutes(db);
  const settingsDefaults = { siteName: config.siteName, contactEmail: config.adminNotifyEmail };
  const secret = config.authSecret;

  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes({ database: () => pingDatabase(db), storage: () => storage.check(), ...readinessChecks }))
    .route(
      '/openapi.json',
      openApiRoutes(routes, () => auth.api.generateOpenAPISchema(), config),
    )
    .route('/me', meRoutes(db))
    .route('/me', ownDataRoutes({ db, storage, mail }))
    .route('/contact', contactRoutes(db, config))
    .route('/client-errors', clientErrorRoutes(db))
    .route('/songs', catalogueRoutes({ db, storage, secret, catalogue }))
    .route('/songs', songCommentRoutes(db))
    .route('/songs', catalogueDownloadRoutes({ db, storage, contact: downloadContact }))
    .route('/songs', similarityRoutes(db))
    .route('/plays', playRoutes(db))
    .route('/song-responses', songResponseRoutes(db, mail, secret))
    .route('/playlists', playlistRoutes(db, secret))
    .route('/briefs', briefRoutes(db, now))
    .route('/playlists', playlistLikeThisRoutes({ db, secret }))
    .route('/references', referenceRoutes({ db, storage, now }))
    .route('/sounds-like', soundsLikeRoutes({ db, now }))
    .route('/pitch', pitchRoutes({ db, secret, mail, storage, contact: downloadContact, secureCookies: config.isProduction }))
    .route('/shares', shareRoutes({ db, mail }))
    .route('/new-songs-mail', newSongsMailRoutes(db, secret))
    .route('/preview-requests', previewRequestRoutes(db, mail))
    .route('/songwriters', songwriterRoutes({ db, auth, config, payments }))
    .route('/test-checkout', testCheckoutRoutes(db, payments, mail.emailCtx))
    .route('/payments/stripe', stripeWebhookRoutes(db, config, mail.emailCtx))
    .route('/submissions', submissionRoutes({ db, storage, mail, now }))
    .route('/reviews', songwriterReviewRoutes({ db, secret, mail }))
    .route('/reviews', songwriterStudioRoutes(db))
    .route('/reviews', songwriterRewriteRoutes({ db, storage, mail }))
    .route('/pitch-agreements', songwriterAgreementRoutes({ db, mail, songMedia: { storage, logger: logger } }))
    .route('/pitch-report', songwriterPitchReportRoutes(db))
    .route('/placements', songwriterPlacementRoutes(db))
    .route('/briefs', briefShortlistRoutes(db))
    .route('/brief-outcomes', briefOutcomeRoutes(db))
    .route('/files', fileRoutes({ db, storage, secret, fileChecks }));

  const admin = new Hono<AppEnv>();
  admin.use('*', requireRole('admin'));
  admin.route('/outbox', outboxRoutes(db));
  admin.route('/outbox-hold', outboxHoldRoutes(db));
  admin.route('/audit', adminAuditRoutes(db));
  admin.route('/songs', adminSongRoutes({ db, storage, secret }));
  admin.route('/song-order', adminSongOrderRoutes(db));
  admin.route('/song-audio', adminSongAudioRoutes({ db, storage }));
  admin.route('/analysis-jobs', adminAnalysisJobRoutes(db));
  admin.route('/song-import', adminSongImportRoutes(db));
  admin.route('/song-export', adminSongExportRoutes(db));
  admin.route('/comments', adminCommentRoutes(db));
  admin.route('/settings', adminSettingsRoutes(db, settingsDefaults));
  admin.route('/preview-requests', preview.requests);
  admin.route('/preview-requests', downloadPermission.previewRequests);
  admin.route('/preview-accounts', preview.accounts);
  admin.route('/preview-activity', preview.activity);
  admin.route('/reviews', adminReviewRoutes({ db, secret, mail, now }));
  admin.route('/reviews', adminStudioRoutes(db));
  const soundsLike = adminSoundsLikeRoutes(db);
  admin.route('/reviews', soundsLike.reviews);
  admin.route('/songs-like-this', soundsLike.songsLikeThis);
  admin.route('/unread-messages', adminUnreadMessageRoutes(db));
  admin.route('/pitch-links', adminPitchLinkRoutes({ db, mail }));
  admin.route('/pitch-links', downloadPermission.pitchLinks);
  admin.route('/pitch-agreements', adminAgreementRoutes({ db, mail }));
  admin.route('/pitch-pipeline', adminPitchPipelineRoutes(db));
  admin.route('/placements', adminPlacementRoutes(db));
  admin.route('/briefs', adminBriefRoutes(db, now));
  admin.route('/ledger', adminLedgerRoutes(db));
  admin.route('/song-responses', adminSongResponseRoutes(db));
  admin.route('/song-responses', adminHoldCompanyRoutes(db));
  admin.route('/pitch-activity', adminPitchActivityRoutes(db));
  admin.route('/pitch-activity-export', adminPitchActivityExportRoutes(db));
  admin.route('/users', adminOwnDataRoutes({ db, storage, mail }));
  admin.route('/', adminOperationsRoutes({ db, storage, now }));
  admin.route('/', adminScreeningRoutes(db, now));
  return api.route('/admin', admin);
}

export type App = ReturnType<typeof createApp>;
