/** What a setting means, for the operator who sets it. */
export interface Setting {
  /** What it changes and how to choose it: one sentence. */
  meaning: string;
  /** The default of a variable the code reads itself; a runtimeConfig key's is its value in runtime-config.ts. */
  default?: string;
  /** Production refuses to start without it. */
  required?: true;
}

/**
 * Every setting the server or its build reads, by environment variable, in the order docs/deploy.md
 * lists them: runtimeConfig's keys (runtime-config.ts, and the security module's), and the variables
 * read straight from `process.env`. `npm run readme` writes the table from this, each row with its
 * default and the recipe whose files read it; tools/docs/settings-table.spec.ts fails on a setting
 * the code reads that is not here, and on one here that nothing reads.
 */
export const settings: Record<string, Setting> = {
  SESSION_SECRET: {
    meaning: 'seals the session cookies: 32 characters or more, random (`openssl rand -base64 32`)',
    required: true,
  },
  SITE_URL: {
    meaning: 'the public origin of the sitemap, the feed and the Open Graph images, at build and at start',
    default: '`http://localhost:3000`',
  },
  ORIGIN: {
    meaning: "the app's public origin for the cross-site form guard; unset, it is taken from each request",
  },
  TRUST_PROXY: {
    meaning: 'believe `X-Forwarded-Proto`, `-Host` and `-For`: only behind a proxy that overwrites them',
  },
  CSP_REPORT_ONLY: { meaning: "send each page's policy as `Content-Security-Policy-Report-Only`" },
  PORT: { meaning: 'the port `npm start` listens on', default: '`3000`' },
  NITRO_PORT: { meaning: 'the same, ahead of `PORT`', default: 'unset' },
  HOST: { meaning: 'the address it listens on', default: 'every address' },
  NITRO_HOST: { meaning: 'the same, ahead of `HOST`', default: 'unset' },
  NITRO_UNIX_SOCKET: { meaning: 'listen on this Unix socket instead of a port', default: 'unset' },
  NITRO_SSL_CERT: {
    meaning: 'with `NITRO_SSL_KEY`, the PEM certificate the server serves HTTPS with itself (and sends HSTS)',
    default: 'unset',
  },
  NITRO_SSL_KEY: { meaning: "that certificate's PEM private key", default: 'unset' },
  NITRO_CLUSTER_WORKERS: {
    meaning: 'worker processes under the `node-cluster` preset',
    default: 'one per core',
  },
  DATA_DIR: { meaning: 'where SQLite, uploads and the key-value storage keep their files' },
  DATABASE_URL: { meaning: 'a PostgreSQL URL (`postgres://…`): the data moves there from SQLite' },
  DATABASE_POOL_SIZE: { meaning: 'PostgreSQL connections per server process' },
  BODY_TIMEOUT_SECONDS: {
    meaning:
      "a request's headers must arrive within this, and its body must never stop arriving for this long (nginx's `client_body_timeout`); such a request is answered 408 and closed, a slow but steady one is not",
    default: '`30`',
  },
  BUDGET_BODY_BYTES: {
    meaning: 'request body bytes all clients may be sending at once (64 MiB); past it, 503',
  },
  BUDGET_BODY_BYTES_PER_CALLER: {
    meaning:
      'request body bytes one client (an address, an IPv6 /64) may be sending at once (10 MiB); past it, 429',
  },
  BUDGET_TEMP_FILE_BYTES: {
    meaning: 'bytes of uploads being written to temporary files at once (256 MiB); past it, 503',
  },
  BUDGET_TEMP_FILE_BYTES_PER_CALLER: { meaning: 'the same for one account (10 MiB); past it, 429' },
  BUDGET_QUEUED_BYTES: {
    meaning: 'bytes queued on sockets for clients that read slowly, all sockets together (64 MiB)',
  },
  BUDGET_QUEUED_BYTES_PER_CALLER: {
    meaning: 'the same for one caller (1 MiB); past it, its socket is closed or its stream cut',
  },
  SIGN_UPS_PER_HOUR: { meaning: 'new accounts per client address per hour' },
  ADMIN_EMAILS: {
    meaning:
      'comma-separated emails whose accounts are admins when the server starts (sign up, then restart)',
  },
  CORS_ORIGINS: { meaning: 'comma-separated origins whose pages may read the public product routes' },
  WEBHOOK_SECRET: {
    meaning:
      "the payment webhook's signing secret(s), current first, comma-separated; unset, the webhook answers 503",
  },
  IDEMPOTENCY_KEY_TTL_SECONDS: {
    meaning: 'how long a response stored under an `Idempotency-Key` is replayed',
  },
  IDEMPOTENCY_KEYS_PER_CALLER: {
    meaning:
      'the most unexpired keys one caller (the account, an address, an IPv6 /64) holds; a new one past it is 429',
  },
  IDEMPOTENCY_KEYS_MAX: {
    meaning: 'the most keys stored for all callers together; a new one past it is 503 with `Retry-After`',
  },
  TODOS_MAX: { meaning: 'the most todos the public list holds (anyone may write it)' },
  FORMS_MAX_CONTACT_MESSAGES: { meaning: 'the most contact messages kept' },
  FORMS_MAX_SUBSCRIBERS: { meaning: 'the most newsletter subscribers kept' },
  UPLOADS_MAX_FILES: { meaning: 'files one account may store' },
  UPLOADS_MAX_BYTES: { meaning: 'bytes one account may store' },
  UPLOADS_RATE_LIMIT: { meaning: 'uploads per window per account and per address' },
  UPLOADS_RATE_WINDOW_SECONDS: { meaning: "that window's length" },
  TODO_EVENTS_MAX_STREAMS: { meaning: 'open todo event streams per process; over it, 503' },
  TODO_EVENTS_MAX_STREAMS_PER_ADDRESS: { meaning: 'open todo event streams per client; over it, 429' },
  TODO_EVENTS_HEARTBEAT_SECONDS: { meaning: 'a heartbeat comment on each todo event stream this often' },
  TODO_EVENTS_STALL_SECONDS: {
    meaning:
      'a client that takes nothing this long while events wait for it is cut off (it reconnects and resumes)',
  },
  CHAT_MAX_CONNECTIONS: { meaning: 'chat WebSockets per process; over it, 503' },
  CHAT_MAX_CONNECTIONS_PER_ADDRESS: { meaning: 'chat WebSockets per client address; over it, 429' },
  CHAT_MAX_CONNECTIONS_PER_ACCOUNT: { meaning: 'chat WebSockets per account; over it, 429' },
  CHAT_MAX_FRAMES_PER_ACCOUNT: {
    meaning: "frames per 10 s from one account's connections; past it they are closed with 1008",
  },
  CHAT_MAX_BUFFERED_BYTES: { meaning: 'a connection with this many bytes unsent is closed with 1008' },
  CHAT_PING_SECONDS: { meaning: 'a ping on each chat WebSocket this often' },
  PAGE_CACHE: { meaning: '`false` serves every page fresh from the renderer' },
  CACHED_PAGES: {
    meaning:
      'the pages served from memory, as JSON: path → `{ maxAge, dependsOn }` (merged with the default)',
  },
  STATEMENT_CACHE: { meaning: '`false` compiles each SQLite statement anew (the bench compares)' },
  NAMED_STATEMENTS: { meaning: '`false` sends PostgreSQL statements unnamed (the bench compares)' },
  SEAL_CACHE: { meaning: '`false` verifies each session seal anew (the bench compares)' },
  HOUSEKEEPING_INTERVAL_SECONDS: {
    meaning: 'how often expired rows are purged, across all processes; `0` turns it off',
  },
  LOG_LEVEL: { meaning: "the request log's level: `debug` adds the probes' lines, `silent` writes none" },
  DRAIN_GRACE_MS: {
    meaning: 'after a stop signal, how long the server still accepts connections',
    default: '`0`',
  },
  NITRO_SHUTDOWN_TIMEOUT: {
    meaning: 'from the stop signal to the exit, in ms; past it the process exits 1',
    default: '`10000`',
  },
  NITRO_SHUTDOWN_SIGNALS: { meaning: 'the signals that start a drain', default: '`SIGTERM SIGINT`' },
  NITRO_SHUTDOWN_DISABLED: {
    meaning: 'set, the signals end the process at once, without a drain',
    default: 'unset',
  },
  NODE_ENV: {
    meaning: '`development` or `test` checks what each validated route returns against its output schema',
    default: 'unset',
  },
  VITE_HMR_PORT: { meaning: "the port of Vite's HMR socket under `npm run dev`", default: '`24678`' },
};
