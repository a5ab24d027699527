import type { NitroConfig } from 'nitropack';

/**
 * The server's settings and their defaults, read through `useRuntimeConfig()`. With
 * `envPrefix: ''` each key is set by its environment variable in SCREAMING_SNAKE_CASE, nested
 * keys joined by `_`: `dataDir` by DATA_DIR, `uploads.maxFiles` by UPLOADS_MAX_FILES. The
 * security module adds its own keys (ORIGIN, TRUST_PROXY, CSP_REPORT_ONLY: src/modules/security).
 * A new key needs its meaning in settings.ts; `npm run readme` then lists it in docs/deploy.md.
 */
export const runtimeConfig = {
  nitro: { envPrefix: '' },
  // The one budget (src/modules/request/budget.ts, docs/security.md, "The budget"): what all callers
  // together, and one caller, may hold at once in a process. Past a caller's share a request gets 429,
  // past the process's 503, both with Retry-After, before anything is allocated for it.
  budget: {
    bodyBytes: 64 * 1024 * 1024,
    bodyBytesPerCaller: 10 * 1024 * 1024,
    tempFileBytes: 256 * 1024 * 1024,
    tempFileBytesPerCaller: 10 * 1024 * 1024,
    queuedBytes: 64 * 1024 * 1024,
    queuedBytesPerCaller: 1024 * 1024,
  },
  // SQLite files and uploads live here; DATABASE_URL (postgres://…) moves the data to PostgreSQL.
  dataDir: '.data',
  databaseUrl: '',
  // PostgreSQL connections per server process (src/server/lib/db/database.ts).
  databasePoolSize: 10,
  // Pages served from memory (src/server/lib/page-cache/page-cache.ts); PAGE_CACHE=false turns it off.
  // `/todos` is dropped by each write under its API path, and lives 1 s for writes other processes make.
  pageCache: true,
  cachedPages: {
    '/search': {},
    '/contact': {},
    '/todos': { dependsOn: '/api/v1/todos', maxAge: 1_000 },
    '/page-cache': { maxAge: 10_000 },
  },
  // The other tuning recipes (docs/tuning.md), each on while its plugin is in the build; the bench turns
  // them off with STATEMENT_CACHE=false, NAMED_STATEMENTS=false and SEAL_CACHE=false.
  statementCache: true,
  namedStatements: true,
  sealCache: true,
  // GET /api/v1/todos/events (docs/live-updates.md): TODO_EVENTS_MAX_STREAMS open streams per
  // process (over it, 503) and TODO_EVENTS_MAX_STREAMS_PER_ADDRESS per client (over it, 429),
  // a heartbeat every TODO_EVENTS_HEARTBEAT_SECONDS, and a client that takes nothing for
  // TODO_EVENTS_STALL_SECONDS while events wait for it is cut off (it reconnects and resumes).
  todoEvents: { maxStreams: 1_000, maxStreamsPerAddress: 10, heartbeatSeconds: 15, stallSeconds: 30 },
  // The most todos the public list holds (TODOS_MAX): anyone may write it (src/server/lib/todos).
  todosMax: 1_000,
  // The most contact messages and newsletter subscribers kept (src/server/lib/capacity/capacity.ts).
  forms: { maxContactMessages: 1_000, maxSubscribers: 10_000 },
  // WS /ws/chat (docs/websockets.md): CHAT_MAX_CONNECTIONS per process (over it, 503),
  // CHAT_MAX_CONNECTIONS_PER_ADDRESS per client and CHAT_MAX_CONNECTIONS_PER_ACCOUNT (429), a ping
  // every CHAT_PING_SECONDS; CHAT_MAX_FRAMES_PER_ACCOUNT frames per 10 s from one account's connections,
  // and a connection with CHAT_MAX_BUFFERED_BYTES unsent, are closed with 1008.
  chat: {
    maxConnections: 1_000,
    maxConnectionsPerAddress: 10,
    maxConnectionsPerAccount: 10,
    maxFramesPerAccount: 30,
    maxBufferedBytes: 256 * 1024,
    pingSeconds: 25,
  },
  // POST /api/v1/files (docs/uploads.md): per account UPLOADS_MAX_FILES files and UPLOADS_MAX_BYTES
  // bytes stored; UPLOADS_RATE_LIMIT uploads per UPLOADS_RATE_WINDOW_SECONDS per account and address.
  uploads: { maxFiles: 20, maxBytes: 50 * 1024 * 1024, rateLimit: 60, rateWindowSeconds: 600 },
  // Seals session cookies; production refuses to start without ≥ 32 characters (src/server/lib/auth/sessions.ts).
  sessionSecret: '',
  // Accounts that are admins, by email, comma-separated: ADMIN_EMAILS (src/server/lib/authorization/roles.ts).
  adminEmails: '',
  // New accounts per client address per hour (src/server/lib/auth/sign-in.ts, docs/sessions.md).
  signUpsPerHour: 10,
  // Origins allowed to read the public product routes cross-origin, comma-separated (src/server/lib/cors/cors.ts).
  corsOrigins: '',
  // Signs webhook deliveries (src/server/lib/webhooks): the current secret, then the previous one while rotating.
  webhookSecret: '',
  // How long a stored `Idempotency-Key` response is replayed (src/server/lib/idempotency): 24 hours.
  idempotencyKeyTtlSeconds: 24 * 60 * 60,
  // The most unexpired keys one caller holds (IDEMPOTENCY_KEYS_PER_CALLER); past it a new key is a 429.
  idempotencyKeysPerCaller: 1_000,
  // The most keys stored for all callers together (IDEMPOTENCY_KEYS_MAX); past it a new key is a 503.
  idempotencyKeysMax: 100_000,
  // The housekeeping task's purges run once per HOUSEKEEPING_INTERVAL_SECONDS across every
  // worker and instance (src/server/tasks/housekeeping.ts); 0 turns them off.
  housekeeping: { intervalSeconds: 600 },
  // The request log's level (src/server/lib/request-log): `debug` adds the probes' lines, `silent` stops it.
  logLevel: 'info',
} satisfies NitroConfig['runtimeConfig'];
