import http from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Database } from './db/client';
import type { Env } from './env';
import { authRoutes } from './modules/auth/auth.routes';
import { staffAuthRoutes } from './modules/auth/staff-auth.routes';
import { previewRoutes } from './modules/auth/preview.routes';
import { apiKeysCompanyRoutes } from './modules/integration/api-keys.company-routes';
import { accountRoutes } from './modules/auth/account.routes';
import { customersCompanyRoutes } from './modules/auth/customers.company-routes';
import { passwordResetRoutes } from './modules/auth/password-reset.routes';
import { withRedactedUrls } from './plugins/log-redaction';
import { mailerPlugin } from './plugins/mail';
import { healthRoutes } from './modules/health/health.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { companiesCompanyRoutes } from './modules/companies/companies.company-routes';
import { staffCompanyRoutes } from './modules/companies/staff.company-routes';
import { staffProfileRoutes } from './modules/companies/staff-profile.routes';
import { projectsCompanyRoutes } from './modules/projects/projects.company-routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { themesRoutes } from './modules/themes/themes.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { notesCompanyRoutes } from './modules/notes/notes.company-routes';
import { invoicesCompanyRoutes } from './modules/invoices/invoices.company-routes';
import { proposalsRoutes } from './modules/proposals/proposals.routes';
import { proposalsCompanyRoutes } from './modules/proposals/proposals.company-routes';
import { changeOrdersRoutes } from './modules/change-orders/change-orders.routes';
import { changeOrdersCompanyRoutes } from './modules/change-orders/change-orders.company-routes';
import { selectionsRoutes } from './modules/selections/selections.routes';
import { allowancesCompanyRoutes } from './modules/selections/allowances.company-routes';
import { selectionsCompanyRoutes } from './modules/selections/selections.company-routes';
import { selectionOptionsCompanyRoutes } from './modules/selections/selection-options.company-routes';
import { contactCompanyRoutes } from './modules/contact/contact.company-routes';
import { auditCompanyRoutes } from './modules/audit/audit.company-routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { operatorRoutes } from './modules/integration/operator.routes';
import { loadSecret, OPERATOR_SECRET_FILE } from './lib/secret-file';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { authPlugin } from './plugins/auth';
import { bodyDeadlinePlugin } from './plugins/body-deadline';
import { clockPlugin } from './plugins/clock';
import { corsPlugin } from './plugins/cors';
import { lifecyclePlugin } from './plugins/lifecycle';
import { metricsPlugin } from './plugins/metrics';
import { changesPlugin } from './plugins/changes';
import { dbPlugin } from './plugins/db';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { filesPlugin } from './plugins/files';
import { multipartPlugin } from './plugins/multipart';
import { filesRoutes } from './modules/files/files.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { documentsCompanyRoutes } from './modules/documents/documents.company-routes';
import { webhooksCompanyRoutes } from './modules/webhooks/webhooks.company-routes';
import { webhooksPlugin } from './plugins/webhooks';
import { photosRoutes } from './modules/photos/photos.routes';
import { photosCompanyRoutes } from './modules/photos/photos.company-routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { calendarCompanyRoutes } from './modules/calendar/calendar.company-routes';
import { securityHeadersPlugin } from './plugins/security-headers';
import { openapiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';
import { rateLimiterPlugin } from './plugins/rate-limit';
import { requestId, requestIdPlugin } from './plugins/request-id';
import { idempotencyPlugin } from './plugins/idempotency';
import { auditPlugin } from './plugins/audit';
import { blobFolder, createBlobStore } from './core/files/blob-store';
import type { BlobStore } from './core/files/blob-store/types';
import { SERVER_DIR } from './lib/server-dir';

export const WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');
export const BRAND_DIR = path.join(SERVER_DIR, 'assets/brand');

/** Keep-alive is for the next request of a page load, not for holding sockets: nginx and browsers reconnect cheaply. */
const KEEP_ALIVE_MS = 5_000;
const IDLE_MS = 60_000;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Overrides the logger; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
  /** The clock for session and link expiry; tests pass a fake one. */
  now?: () => Date;
  /** The blob store; by default the one the environment configures (core/files/blob-store). */
  blobs?: BlobStore;
}

/** Builds the whole server without listening, so tests can `inject()` into it. */
export async function buildApp({ env, database, logger, webDist = WEB_DIST, now, blobs }: BuildAppOptions) {
  const app = Fastify({
    logger: withRedactedUrls(logger ?? { level: env.LOG_LEVEL }),
    bodyLimit: env.BODY_LIMIT,
    // A number of proxies counts hops back from the connection: the client's own X-Forwarded-For entries are never reached.
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    // Refusals made before the error handler could run still leave in the one error shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A client that sends its request slowly, or not at all, loses its connection instead of holding it (docs/operations.md).
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          headersTimeout: env.HEADERS_TIMEOUT_MS,
          requestTimeout: env.REQUEST_TIMEOUT_MS,
          keepAliveTimeout: KEEP_ALIVE_MS,
          // How often Node looks for requests past their timeouts: often enough that a timeout means what it says.
          connectionsCheckingInterval: Math.min(1_000, env.HEADERS_TIMEOUT_MS),
        },
        handler,
      );
      server.maxConnections = env.MAX_CONNECTIONS;
      // An open connection with nothing moving on it for this long is closed.
      server.setTimeout(IDLE_MS);
      return server;
    },
    // Our own ids, or a proxy's when it sent one that looks like an id (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    // filter[company_id]=1 and page[number]=2 arrive as nested objects.
    routerOptions: {
      querystringParser: (query: string) => qs.parse(query, { depth: 1, arrayLimit: 0, parameterLimit: 100 }),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; anything else is 415.
  app.removeContentTypeParser('text/plain');

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(bodyDeadlinePlugin, { timeoutMs: Math.min(env.PUBLIC_BODY_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS) });
  await app.register(securityHeadersPlugin, { https: env.PUBLIC_URL.startsWith('https://') });
  await app.register(dbPlugin, { database });
  await app.register(clockPlugin, { now });
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin, { token: env.METRICS_TOKEN });
  await app.register(changesPlugin);
  await app.register(authPlugin, {
    idleDays: env.SESSION_IDLE_DAYS,
    absoluteDays: env.SESSION_ABSOLUTE_DAYS,
    operatorSecret: await loadSecret({ secret: env.OPERATOR_SECRET, dataDir: env.DATA_DIR, name: OPERATOR_SECRET_FILE }),
    authSecret: await loadSecret({ secret: env.AUTH_SECRET, dataDir: env.DATA_DIR, name: 'auth-secret' }),
  });
  // Before compression: it stores the answer as sent, not a compressed stream of it.
  await app.register(idempotencyPlugin);
  // After idempotency (a replay did nothing and is not recorded) and before compression (it reads the answer's id).
  await app.register(auditPlugin);
  await app.register(rateLimiterPlugin, { multiplier: env.RATE_LIMIT_MULTIPLIER, db: database.kind === 'postgres' ? database.db : undefined });
  await app.register(filesPlugin, { dataDir: env.DATA_DIR, secret: env.FILES_SECRET, publicUrl: env.PUBLIC_URL, store: blobs ?? createBlobStore(env) });
  await app.register(multipartPlugin);
  await app.register(webhooksPlugin, { targets: { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS }, backoffScale: env.WEBHOOK_RETRY_SCALE });
  await app.register(mailerPlugin, {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    logLinks: env.NODE_ENV !== 'production',
    publicUrl: env.PUBLIC_URL,
    authSecret: env.AUTH_SECRET,
    dataDir: env.DATA_DIR,
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Dynamic answers: a fast brotli level; static files come pre-compressed at the highest.
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Before any route: the OpenAPI document collects routes as they are added.
  await app.register(openapiPlugin, { publicUrl: env.PUBLIC_URL });

  await app.register(
    async (api) => {
      // A web app served from another origin (VITE_API_URL) may call the API, from the listed origins only.
      if (env.CORS_ORIGINS.length > 0) await api.register(corsPlugin, { origins: env.CORS_ORIGINS });
      // Every /api route needs a bearer token (a session, or an API key where it declares `config: { apiKey: true }`)
      // unless it declares `config: { public: true }`.
      api.addHook('onRequest', app.authenticate);
      await api.register(healthRoutes);
      const authOptions = { publicUrl: env.PUBLIC_URL, authSecret: env.AUTH_SECRET, dataDir: env.DATA_DIR };
      await api.register(authRoutes, authOptions);
      await api.register(staffAuthRoutes, authOptions);
      await api.register(previewRoutes);
      await api.register(passwordResetRoutes, authOptions);
      await api.register(accountRoutes, authOptions);
      await api.register(customersCompanyRoutes, authOptions);
      await api.register(notificationsRoutes);
      await api.register(entitiesRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(companiesRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(companiesCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(staffCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(staffProfileRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(projectsCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(invoicesRoutes, { publicUrl: env.PUBLIC_URL, brandDir: BRAND_DIR });
      await api.register(themesRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(notesRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(contactRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(notesCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(operatorRoutes, { dataDir: env.DATA_DIR, blobsDir: blobFolder(env), publicUrl: env.PUBLIC_URL });
      await api.register(invoicesCompanyRoutes, { publicUrl: env.PUBLIC_URL, brandDir: BRAND_DIR });
      await api.register(contactCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(auditCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(inboxRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(docsRoutes);
      await api.register(filesRoutes, { dataDir: env.DATA_DIR, imageCacheMegabytes: env.IMAGE_CACHE_MB });
      await api.register(documentsRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(documentsCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(apiKeysCompanyRoutes);
      await api.register(webhooksCompanyRoutes, { publicUrl: env.PUBLIC_URL, targets: { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS } });
      await api.register(photosRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(photosCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(proposalsRoutes, { publicUrl: env.PUBLIC_URL, brandDir: BRAND_DIR });
      await api.register(proposalsCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(changeOrdersRoutes, { publicUrl: env.PUBLIC_URL, brandDir: BRAND_DIR });
      await api.register(changeOrdersCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(selectionsRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(allowancesCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(selectionsCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(selectionOptionsCompanyRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(calendarRoutes, { publicUrl: env.PUBLIC_URL });
      await api.register(calendarCompanyRoutes, { publicUrl: env.PUBLIC_URL });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist, brandDir: BRAND_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
