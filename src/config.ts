/**
 * Every setting of the service in one declarative list, read from the environment.
 * Tests build a Config with overrides instead of touching process.env.
 */
import { availableParallelism } from 'node:os'

interface SettingSpec<T> {
  env: string
  default: T
  help: string
}

const int = (env: string, def: number, help: string): SettingSpec<number> => ({ env, default: def, help })
const str = (env: string, def: string, help: string): SettingSpec<string> => ({ env, default: def, help })
const bool = (env: string, def: boolean, help: string): SettingSpec<boolean> => ({ env, default: def, help })

export const settings = {
  port: int('PORT', 8080, 'TCP port to listen on'),
  host: str('HOST', '127.0.0.1', 'interface to listen on (127.0.0.1 = this machine only; 0.0.0.0 = every interface, as in Docker)'),
  dbPath: str('OPENROLES_DB', 'data/openroles.db', 'SQLite database file (created and seeded when missing)'),
  diskMinFreeMb: int('DISK_MIN_FREE_MB', 16, 'readiness (/readyz) answers 503 "disk full" when the filesystem holding the database file has less free space than this, in MiB (0 = only when it is completely full); a write that meets a full disk answers 503 either way'),
  sqliteSynchronous: str('SQLITE_SYNCHRONOUS', 'NORMAL', 'NORMAL (default: a process crash loses nothing committed, a power loss or OS crash may lose the last commits) or FULL (every commit survives power loss; each write waits for the disk)'),
  seedJobs: int('OPENROLES_SEED_JOBS', 20000, 'postings generated when the database file is missing'),
  seedRandom: int('OPENROLES_SEED', 42, 'random seed of the generated catalogue'),
  logLevel: str('LOG_LEVEL', 'info', 'silent | error | info | debug'),
  trustProxy: bool('TRUST_PROXY', false, 'take the client IP from X-Forwarded-For / X-Real-IP'),
  publicOrigin: str('PUBLIC_ORIGIN', '', 'the origin browsers use (e.g. https://jobs.example.org); cookie writes from any other site are refused'),
  readBudgetPerMinute: int('RATE_READ_PER_MINUTE', 600, 'ordinary public read budget per caller'),
  agentBudgetPerMinute: int('RATE_AGENT_PER_MINUTE', 300, 'agent search budget per caller'),
  rateBurstPercent: int('RATE_BURST_PERCENT', 100, 'size of a full read/agent bucket, in % of the per-minute budget: from a full bucket a caller may send this much plus the refill in its first minute'),
  accountBudgetPerHour: int('RATE_ACCOUNT_PER_HOUR', 20, 'sign-ups and account mails (register, verify request, password forgot) per client address per hour (0 = off)'),
  accountNetworkPerHour: int('RATE_ACCOUNT_NETWORK_PER_HOUR', 100, 'sign-ups and account mails per hour from one network (IPv4 /24, IPv6 /48) together (0 = off)'),
  accountGlobalPerHour: int('RATE_ACCOUNT_GLOBAL_PER_HOUR', 600, 'sign-ups and account mails per hour across all callers together, a valve against a flood from many networks (0 = off)'),
  accountQuietPerHour: int('RATE_ACCOUNT_QUIET_PER_HOUR', 5, 'once RATE_ACCOUNT_GLOBAL_PER_HOUR is spent, callers from a network that drew fewer than this many in the hour are still served (the flood came from elsewhere); needs RATE_ACCOUNT_NETWORK_PER_HOUR'),
  registerConcealsAccounts: bool('REGISTER_CONCEALS_ACCOUNTS', false, 'POST /auth/register answers 202 alike for a new and a taken address and signs nobody in (a notice goes to the owner of a taken one), so sign-up does not reveal who has an account; off (the default, as the reference service), it answers 201 with the user and a session, 409 for a taken address'),
  redisUrl: str('REDIS_URL', '', 'redis://host:port: rate budgets kept in Redis, shared by every process on every machine; empty = in this process, or in the cluster primary (SERVE_PROCESSES)'),
  rateLimitCallers: int('RATE_LIMIT_CALLERS', 100000, 'callers tracked by the rate limiter at most (LRU)'),
  searchCacheEntries: int('SEARCH_CACHE_ENTRIES', 2000, 'cached sets behind search/facet results: matches, cards, tiers (LRU)'),
  searchCacheMegabytes: int('SEARCH_CACHE_MB', 256, 'memory the cached sets may hold, in MiB; the answers below take at most a quarter of it more'),
  searchAnswerEntries: int('SEARCH_ANSWER_ENTRIES', 20000, 'cached final answers (LRU): a search page (its job ids and total) or a facet response, a few KB each, so many more than the sets behind them'),
  searchCountThreads: int('SEARCH_COUNT_THREADS', Math.min(3, Math.max(0, availableParallelism() - 1)), 'worker threads that share the facet counts over large match sets with the serving thread (default: the cores minus one, at most 3; 0 = count on the serving thread only)'),
  searchCountSplitDocs: int('SEARCH_COUNT_SPLIT_DOCS', 500000, 'a facet count visiting at least this many documents is shared with SEARCH_COUNT_THREADS; smaller ones stay on the serving thread, where a fork-join costs more CPU than it saves time (default: about a sixth of a 3M catalogue)'),
  searchWorkers: int('SEARCH_WORKERS', 2, 'worker threads reading the in-memory term index from FTS5 beside serving after a full load (0 = read in the main thread during the load)'),
  salaryReferenceCurrency: str('SALARY_REFERENCE_CURRENCY', 'USD', 'currency of enrichment.salary_normalized and sort=salary_normalized: stated salaries as a year in it, at the dated rates of data/fx.json (any ISO code listed there, e.g. USD, EUR)'),
  maxQueryLength: int('MAX_QUERY_LENGTH', 500, 'longest accepted q, in characters (longer is a 400)'),
  maxBodyBytes: int('MAX_BODY_BYTES', 1048576, 'largest accepted JSON body'),
  bodyTimeoutMs: int('BODY_TIMEOUT_MS', 60000, 'longest a request body (JSON or an upload) may take to arrive once its reading began; a slower one is refused with 408 and the connection closed'),
  mcpMaxBatch: int('MCP_MAX_BATCH', 20, 'JSON-RPC messages one POST /mcp may carry (a longer batch is refused whole: -32600)'),
  mcpMaxResponseBytes: int('MCP_MAX_RESPONSE_BYTES', 4194304, 'tool results and resources one POST /mcp may answer, in bytes; calls past it answer a tool error'),
  sessionDays: int('SESSION_DAYS', 30, 'session lifetime, renewed while in use'),
  extensionSessionDays: int('EXTENSION_SESSION_DAYS', 90, 'browser-extension session lifetime, renewed while in use'),
  argon2MemoryKib: int('ARGON2_MEMORY_KIB', 19456, 'argon2id memory cost per password hash (KiB)'),
  argon2TimeCost: int('ARGON2_TIME_COST', 2, 'argon2id passes per password hash'),
  loginFreeAttempts: int('LOGIN_FREE_ATTEMPTS', 5, 'failed logins per account before the escalating delay starts (per IP: 4x this)'),
  loginMaxDelaySeconds: int('LOGIN_MAX_DELAY_SECONDS', 900, 'longest delay imposed after repeated failed logins'),
  loginThrottleEntries: int('LOGIN_THROTTLE_ENTRIES', 50000, 'accounts and IPs tracked by the login throttle at most (the oldest records go first)'),
  codeMinutes: int('CODE_MINUTES', 15, 'lifetime of emailed verification and password-reset codes'),
  codeAttempts: int('CODE_ATTEMPTS', 5, 'wrong guesses that burn an emailed code'),
  codeResendSeconds: int('CODE_RESEND_SECONDS', 60, 'minimum interval between two emailed codes for one account'),
  apiKeysPerUser: int('API_KEYS_PER_USER', 25, 'personal API keys one account may hold'),
  smtpUrl: str('SMTP_URL', '', 'smtp(s)://user:pass@host:port; empty keeps mail in the outbox table only'),
  mailKeepMinutes: int('MAIL_KEEP_MINUTES', 60, 'how long an undelivered (kept or failed) mail keeps its body, codes included; delivered mail is redacted at once'),
  mailFrom: str('MAIL_FROM', 'openroles <no-reply@localhost>', 'sender of outgoing mail'),
  digestIntervalMinutes: int('DIGEST_INTERVAL_MINUTES', 60, 'saved-search digest interval (0 = off)'),
  pushGatewayUrl: str('PUSH_GATEWAY_URL', '', 'HTTP endpoint that delivers mobile push; empty = push disabled'),
  pushTimeoutMs: int('PUSH_TIMEOUT_MS', 5000, 'how long a push gateway call may take'),
  deliveryPollSeconds: int('DELIVERY_POLL_SECONDS', 15, 'how often the serving process sends due rows of the delivery outbox (digests by mail, push, chat); 0 = only right after a digest run'),
  deliveryMaxAttempts: int('DELIVERY_MAX_ATTEMPTS', 6, 'attempts one channel delivery gets before it is marked failed for good'),
  deliveryBackoffSeconds: int('DELIVERY_BACKOFF_SECONDS', 60, 'wait after the first failed delivery attempt; it doubles after each further failure'),
  telegramBotToken: str('TELEGRAM_BOT_TOKEN', '', 'Telegram bot token from @BotFather; empty = no Telegram channel (GET /me/telegram answers enabled:false, link calls 503)'),
  telegramApiUrl: str('TELEGRAM_API_URL', 'https://api.telegram.org', 'Bot API base URL (a local Bot API server or a stand-in)'),
  telegramPollSeconds: int('TELEGRAM_POLL_SECONDS', 25, 'long-poll wait of one getUpdates call, in seconds'),
  telegramTimeoutMs: int('TELEGRAM_TIMEOUT_MS', 10000, 'how long one Bot API call may take (getUpdates: on top of its long-poll wait)'),
  discordBotToken: str('DISCORD_BOT_TOKEN', '', 'Discord bot token (direct messages); with DISCORD_PUBLIC_KEY it turns the Discord channel on'),
  discordPublicKey: str('DISCORD_PUBLIC_KEY', '', "the Discord application's public key (hex), which signs the interactions posted to /api/v1/discord/interactions"),
  discordApiUrl: str('DISCORD_API_URL', 'https://discord.com/api/v10', 'Discord REST API base URL (a stand-in in tests)'),
  vapidPublicKey: str('VAPID_PUBLIC_KEY', '', 'VAPID public key of browser push (base64url); empty with VAPID_PRIVATE_KEY = a key pair made once and kept in the database'),
  vapidPrivateKey: str('VAPID_PRIVATE_KEY', '', 'VAPID private key of browser push (base64url); a secret'),
  vapidSubject: str('VAPID_SUBJECT', '', 'contact of the VAPID claims (mailto: or https: URL); empty = PUBLIC_ORIGIN when https, else mailto:openroles@localhost'),
  webPushAllowHttp: bool('WEB_PUSH_ALLOW_HTTP', false, 'accept http:// browser push endpoints (a local push-service stand-in); browsers only ever hand out https endpoints'),
  webPushAllowPrivateHosts: bool('WEB_PUSH_ALLOW_PRIVATE_HOSTS', false, 'accept browser push endpoints on loopback and private addresses (a local push-service stand-in); off, an endpoint naming or resolving to one is refused and never connected to'),
  savedSearchesPerUser: int('SAVED_SEARCHES_PER_USER', 100, 'saved searches one account may hold'),
  jobListsPerUser: int('JOB_LISTS_PER_USER', 100, 'job lists one account may hold'),
  jobListSize: int('JOB_LIST_SIZE', 500, 'jobs one job list may hold'),
  webhookTimeoutSeconds: int('WEBHOOK_TIMEOUT_SECONDS', 10, 'time a webhook receiver has to answer one delivery (connect, send, response head)'),
  webhookAllowPrivateHosts: bool('WEBHOOK_ALLOW_PRIVATE_HOSTS', false, 'let webhooks reach loopback and private addresses (a receiver on this machine or network; never on a shared server)'),
  digestMaxJobs: int('DIGEST_MAX_JOBS', 10, 'jobs listed in one saved-search digest notification'),
  coverageMustHavePercent: int('COVERAGE_MUST_HAVE_PERCENT', 10, 'market coverage: a skill named by at least this % of the market postings is a must-have'),
  coveragePostingPercent: int('COVERAGE_POSTING_PERCENT', 70, 'market coverage: a posting counts as covered when the caller has at least this % of its skills'),
  feedbackPerDay: int('FEEDBACK_PER_DAY', 10, 'new company reviews one account may write per rolling 24 hours (edits are free)'),
  threadsPerDay: int('THREADS_PER_DAY', 10, 'discussion threads one account may start per rolling 24 hours'),
  repliesPerHour: int('REPLIES_PER_HOUR', 30, 'thread replies one account may post per rolling hour'),
  prefillPerHour: int('PREFILL_PER_HOUR', 20, 'submission prefills one account may ask for per rolling hour'),
  referralRequestsPerDay: int('REFERRAL_REQUESTS_PER_DAY', 10, 'referral requests one account may send per rolling 24 hours'),
  resumeMaxBytes: int('RESUME_MAX_BYTES', 8 * 1024 * 1024, 'largest résumé file (PDF or DOCX) an upload may send (the upload is cut off with 413 past it)'),
  documentReadTimeoutMs: int('DOCUMENT_READ_TIMEOUT_MS', 20000, 'longest a résumé file (PDF or DOCX) may take to read in its worker thread; past it the read is ended and the upload refused (400)'),
  photoMaxBytes: int('PHOTO_MAX_BYTES', 2 * 1024 * 1024, 'largest profile photo (JPEG, PNG or WebP) PUT /me/photo accepts (cut off with 413 past it)'),
  photoUploadsPerHour: int('PHOTO_UPLOADS_PER_HOUR', 12, 'profile photo uploads one account may make per rolling hour (429 past it; refused files count)'),
  referralProofMaxBytes: int('REFERRAL_PROOF_MAX_BYTES', 5242880, 'largest proof PDF a referral offer may upload (the upload is cut off with 413 past it)'),
  cvVisitorSalt: str('CV_VISITOR_SALT', '', 'secret salt for hashing CV tracer-link visitors (address + user agent, per day); empty = tracer links cannot be enabled'),
  cvRedirectsPerMinute: int('CV_REDIRECTS_PER_MINUTE', 60, 'requests to the public CV link redirect /cv/{token} per client address per minute'),
  cvMaxBullets: int('CV_MAX_BULLETS', 20, 'bullets one CV role or project may hold (more are cut on write; a PATCH insert past it is 409)'),
  insightsRollupMinutes: int('INSIGHTS_ROLLUP_MINUTES', 5, 'how often the serving process checks the insights rollup: takes in postings changed by crawls or other writers, and moves the 30-day window after midnight UTC (0 = only at start, on imports and on reads)'),
  insightsSalaryMinSample: int('INSIGHTS_SALARY_MIN_SAMPLE', 5, 'salary insights: a bucket (scope, seniority, currency, period) with fewer postings is left out'),
  oauthProviders: str('OAUTH_PROVIDERS', '', 'JSON array of OpenID Connect providers {id,name,issuer,clientId,clientSecret,authorizationEndpoint,tokenEndpoint,userinfoEndpoint}'),
  oauthMobileRedirect: str('OAUTH_MOBILE_REDIRECT', '', 'where the mobile app receives ?code= after OAuth sign-in (e.g. openroles://oauth); empty = no mobile OAuth'),
  oauthStateMinutes: int('OAUTH_STATE_MINUTES', 10, 'lifetime of a pending OAuth sign-in and of a mobile exchange code'),
  planFreeLimits: str('PLAN_FREE_LIMITS', 'match=3,tailor=2,assistant=10,dictation=10', 'daily allowance of each metered feature on the free plan (feature=n, comma-separated; 0 = not included)'),
  planProLimits: str('PLAN_PRO_LIMITS', '', 'daily allowances on the pro plan; a feature not named is unlimited (under the fair-use guard)'),
  planUltraLimits: str('PLAN_ULTRA_LIMITS', '', 'daily allowances on the ultra plan; a feature not named is unlimited (under the fair-use guard)'),
  planFairUse: str('PLAN_FAIR_USE', 'match=60,tailor=40,assistant=200,dictation=200', 'daily fair-use guard of an unlimited allowance'),
  planEnforce: str('PLAN_ENFORCE', '', 'metered features whose allowance is enforced (402 when used up), comma-separated, or "all"; the rest are counted only (shadow mode)'),
  matchAnalysisPerHour: int('MATCH_ANALYSIS_PER_HOUR', 30, 'match-analysis runs (POST and stream) one account may start per rolling hour (429 past it)'),
  modelBaseUrl: str('MODEL_BASE_URL', '', 'OpenAI-compatible chat-completions endpoint base (e.g. https://api.openai.com/v1 or a local llama.cpp/Ollama/vLLM server); empty = the deterministic match analysis and assistant only'),
  modelApiKey: str('MODEL_API_KEY', '', 'bearer key sent to MODEL_BASE_URL (never logged); empty for a local server without one'),
  modelName: str('MODEL_NAME', '', 'model name sent to MODEL_BASE_URL'),
  modelTimeoutMs: int('MODEL_TIMEOUT_MS', 30000, 'longest a model answer may take before openroles falls back to its deterministic text'),
  sseKeepaliveMs: int('SSE_KEEPALIVE_MS', 15000, 'milliseconds between `: keepalive` comments on an open event stream'),
  assistantMaxMessageRunes: int('ASSISTANT_MAX_MESSAGE_RUNES', 8000, 'longest assistant message accepted'),
  assistantQueueWaitSeconds: int('ASSISTANT_QUEUE_WAIT_SECONDS', 60, 'how long a queued assistant turn waits for the running one before it ends as cancelled'),
  voiceRealtimeUrl: str('VOICE_REALTIME_URL', '', 'base of an OpenAI-Realtime-style API for interview voice mode (e.g. https://api.openai.com/v1): openroles mints client secrets at <url>/realtime/client_secrets; empty = voice-token answers 501'),
  voiceRealtimeKey: str('VOICE_REALTIME_KEY', '', 'bearer key sent to VOICE_REALTIME_URL when minting (never logged, never sent to browsers)'),
  voiceModel: str('VOICE_MODEL', 'gpt-realtime', 'realtime model the minted voice session uses'),
  voiceTokenSeconds: int('VOICE_TOKEN_SECONDS', 300, 'lifetime of a minted voice client secret (10..7200 seconds)'),
  voiceTokensPerHour: int('VOICE_TOKENS_PER_HOUR', 20, 'voice tokens one account may mint per rolling hour (429 past it)'),
  planUpgradeUrl: str('PLAN_UPGRADE_URL', '/my/plan', 'where a 402 tells a free-plan user to upgrade (upgrade_url)'),
  jdUrlsPerHour: int('JD_URLS_PER_HOUR', 20, 'links the catalogue does not hold that one account may hand in per hour (POST /me/jd/resolve)'),
  sourcesCrawlIntervalMinutes: int('SOURCES_CRAWL_INTERVAL_MINUTES', 360, 'how often the serving process crawls each job-board source (0 = no scheduler; `openroles sources crawl` still works)'),
  sourcesHostDelayMs: int('SOURCES_HOST_DELAY_MS', 1000, 'pause between two requests the crawler sends to one host (robots.txt Crawl-delay wins when longer)'),
  sourcesTimeoutMs: int('SOURCES_TIMEOUT_MS', 20000, 'longest one board request may take, body included'),
  sourcesMaxBytes: int('SOURCES_MAX_BYTES', 20 * 1024 * 1024, 'largest board response read; a larger one fails the crawl'),
  sourcesRetries: int('SOURCES_RETRIES', 2, 'retries of a board request after a network error, time-out, 429 or 5xx'),
  sourcesBackoffMs: int('SOURCES_BACKOFF_MS', 2000, 'first retry delay; it doubles on each further retry (Retry-After wins when longer, up to a minute)'),
  sourcesFailingAfter: int('SOURCES_FAILING_AFTER', 3, 'failed crawls in a row after which a source is marked failing'),
  sourcesMaxPages: int('SOURCES_MAX_PAGES', 200, 'pages of one paginated board read at most per crawl'),
  serveProcesses: int('SERVE_PROCESSES', 0, 'serving processes sharing the port and the database file (node:cluster); 0 (default) = one per CPU core, 1 = a single process without the cluster'),
  serveRole: str('SERVE_ROLE', 'standalone', 'standalone (default: the only machine, writes and serves) | primary (takes every write and hands each writer its position, for replicas) | replica (opens the file read-only, never writes, forwards writes to PRIMARY_URL) | auto (LiteFS: replica while a .primary file lies beside the database file, else primary); docs/scaling.md'),
  primaryUrl: str('PRIMARY_URL', '', 'a replica forwards every write here (e.g. http://primary:8080); empty under LiteFS = the host its .primary file names, at PORT'),
  replicaCatchUpMs: int('REPLICA_CATCH_UP_MS', 1000, 'a replica holds a read carrying a position it has not reached (the caller just wrote) this long at most, then hands it to the primary'),
  replicaSchemaWaitSeconds: int('REPLICA_SCHEMA_WAIT_SECONDS', 300, 'a replica starting on a file the primary has not created or migrated yet waits this long for it, then stops'),
  schedulerLeaseSeconds: int('SCHEDULER_LEASE_SECONDS', 30, 'the scheduler lease: one serving process runs digests, rollups and crawls, renewing every third of this; when it dies another takes over after at most this long'),
  sourcesLeaseMinutes: int('SOURCES_LEASE_MINUTES', 30, 'a crawl that has not finished after this long (the process died) may be started again'),
  sourcesUserAgent: str('SOURCES_USER_AGENT', '', 'User-Agent of the crawler; empty = openroles-crawler/<version> (job board crawler; +PUBLIC_ORIGIN)'),
  sourcesAllowPrivateHosts: bool('SOURCES_ALLOW_PRIVATE_HOSTS', false, 'let board URLs point at loopback and private addresses (a stand-in board on this machine)'),
  secretsKey: str('SECRETS_KEY', '', 'key sealing secrets at rest (IMAP app passwords, Gmail tokens) with AES-256-GCM: 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`); empty = mailbox connections that store a secret are unavailable'),
  mailDomain: str('MAIL_DOMAIN', '', 'mail domain of the hosted mailbox (users claim <handle>@this domain); set, the process listens for inbound SMTP; empty = no hosted mailbox'),
  mailSmtpHost: str('MAIL_SMTP_HOST', '', 'interface the inbound SMTP listener binds; empty = HOST'),
  mailSmtpPort: int('MAIL_SMTP_PORT', 2525, 'TCP port of the inbound SMTP listener (25 needs privileges: forward it to this port); 0 = a free port (tests)'),
  mailMaxBytes: int('MAIL_MAX_BYTES', 10 * 1024 * 1024, 'largest inbound message accepted (announced with SIZE; a longer one is refused with 552)'),
  mailSenderPerHour: int('MAIL_SENDER_PER_HOUR', 60, 'inbound messages one sending address (and one client address) may deliver per hour; past it 451, try later'),
  mailRecallPerHour: int('MAIL_RECALL_PER_HOUR', 20, 'mail recalls one account may run per rolling hour (429 past it)'),
  mailTriageMinConfidence: int('MAIL_TRIAGE_MIN_CONFIDENCE', 50, 'an agent triage (POST /me/emails/{id}/triage) with a confidence below this percentage records the label but moves no card'),
  mailSyncIntervalMinutes: int('MAIL_SYNC_INTERVAL_MINUTES', 15, 'how often the serving process syncs every connected IMAP mailbox and Gmail account (0 = only when a user asks, POST /me/imap/sync or /me/gmail/sync)'),
  mailSyncFirstDays: int('MAIL_SYNC_FIRST_DAYS', 90, 'how far back the first sync of a connected mailbox (or of a folder whose UIDVALIDITY changed) reads'),
  mailSyncMaxMessages: int('MAIL_SYNC_MAX_MESSAGES', 500, 'messages one sync reads per IMAP folder or Gmail account at most; the rest follow on the next sync'),
  mailSyncTimeoutMs: int('MAIL_SYNC_TIMEOUT_MS', 20000, 'longest an IMAP connect or answer, or a Gmail API call, may take'),
  imapAllowPrivateHosts: bool('IMAP_ALLOW_PRIVATE_HOSTS', false, 'let users connect IMAP mailboxes on loopback and private addresses, also without TLS (a mail server on this machine or network); off, only public hosts, with TLS or STARTTLS'),
  imapConnectsPerHour: int('IMAP_CONNECTS_PER_HOUR', 10, 'IMAP connection attempts (PUT /me/imap: a login at the named server) one account may make per hour (429 past it)'),
  gmailClientId: str('GMAIL_CLIENT_ID', '', 'OAuth client id of a Google Cloud project with the Gmail API (read-only scope); with GMAIL_CLIENT_SECRET and SECRETS_KEY it turns Gmail sync on'),
  gmailClientSecret: str('GMAIL_CLIENT_SECRET', '', 'OAuth client secret of GMAIL_CLIENT_ID (never logged)'),
  gmailRedirectUrl: str('GMAIL_REDIRECT_URL', '', 'the redirect URI registered for the client; empty = PUBLIC_ORIGIN (or the request origin) + /api/v1/me/gmail/callback'),
  gmailAuthUrl: str('GMAIL_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth', "Google's OAuth authorization endpoint (a stand-in in tests)"),
  gmailTokenUrl: str('GMAIL_TOKEN_URL', 'https://oauth2.googleapis.com/token', "Google's OAuth token endpoint"),
  gmailRevokeUrl: str('GMAIL_REVOKE_URL', 'https://oauth2.googleapis.com/revoke', "Google's OAuth token revocation endpoint"),
  gmailApiUrl: str('GMAIL_API_URL', 'https://gmail.googleapis.com/gmail/v1', 'Gmail REST API base URL'),
} as const

type Settings = typeof settings
export type Config = { [K in keyof Settings]: Settings[K]['default'] }

function parseSetting(spec: SettingSpec<unknown>, raw: string): unknown {
  if (typeof spec.default === 'number') {
    const n = Number(raw)
    if (!Number.isFinite(n)) throw new Error(`${spec.env} must be a number`)
    return n
  }
  if (typeof spec.default === 'boolean') return raw === '1' || raw.toLowerCase() === 'true'
  return raw
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const config = {} as Record<string, unknown>
  for (const [key, spec] of Object.entries(settings) as [string, SettingSpec<unknown>][]) {
    const raw = env[spec.env]
    config[key] = raw === undefined || raw === '' ? spec.default : parseSetting(spec, raw)
  }
  return { ...(config as Config), ...overrides }
}

/** Defaults only, ignoring the environment: what tests start from. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  // Cheap argon2id parameters keep sign-up in tests fast; the algorithm stays the same. In-process
  // requests have no client address and share one fallback key, so the per-address and per-network sign-up budgets
  // are raised for tests that sign many users up; budget tests set their own. The board crawler's
  // and the mail sync's schedulers are off: tests crawl and sync when they say so.
  return loadConfig({}, { logLevel: 'silent', argon2MemoryKib: 64, argon2TimeCost: 1, accountBudgetPerHour: 1000, accountNetworkPerHour: 1000, sourcesCrawlIntervalMinutes: 0, mailSyncIntervalMinutes: 0, ...overrides })
}
