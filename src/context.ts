import type { Config } from './config.ts'
import type { DB } from './db/connection.ts'
import type { Logger } from './log.ts'
import type { SearchEngine } from './search/engine.ts'
import type { CatalogueMemory } from './catalogue/catalogue-memory.ts'
import type { Mailer } from './mail/mailer.ts'
import type { TurnSlots } from './assistant/turn-slots.ts'
import type { BackgroundWork } from './background.ts'
import type { SourceCrawler } from './sources/crawler.ts'
import type { HostedMailListener } from './inbox/smtp-listener.ts'
import type { LiveMailbox } from './inbox/live-mailbox.ts'

/** What a serving process is past one machine (src/cluster/role.ts): the one writer, a read-only replica, or alone. */
export type ServeRole = 'standalone' | 'primary' | 'replica'

/**
 * What every route module and service is built from: one per process (or per test).
 * Services add their field here; src/services.ts creates them in createContext. A service whose
 * module itself reads the context (or sits on the edge) has its shape declared below, so this file
 * imports nothing that imports it.
 */
export interface AppContext {
  config: Config
  db: DB
  /**
   * standalone or primary (writes), or replica (a read-only file: writes go to `primaryUrl`, no
   * schedulers or background writers run here); src/cluster/role.ts.
   */
  role: ServeRole
  /** Where a replica forwards writes; empty otherwise. */
  primaryUrl: string
  log: Logger
  startedAt: string
  version: string
  /** Per-caller request budgets (src/http/rate-limit.ts); tests may swap it to simulate a failing limiter. */
  rateLimiter: RateLimiter
  /** The clock every expiry is computed from; tests replace it to move time. */
  now: () => Date
  /** Outgoing mail: always recorded in the outbox, delivered by SMTP when configured. */
  mailer: Mailer
  /** Work done after the answer (src/background.ts): account mail whose timing must not leak. */
  background: BackgroundWork
  /** Failed logins (per account and IP, in the database) behind the escalating login delay. */
  loginThrottle: LoginThrottle
  /** Assistant turn slots (one running and one queued per session), shared through the database. */
  turns: TurnSlots
  /** Job search, facets and filtered market slices over the in-memory index (src/search/engine.ts). */
  search: SearchEngine
  /** The other in-memory structures derived from the catalogue (company index, typeahead, stats), rebuilt when it changes. */
  catalogue: CatalogueMemory
  /** Derived data a first start builds beside serving (src/derived-prep.ts): what is still pending. */
  preparing: DerivedPreparation
  /** Job-board sources: crawls on demand; the scheduler in createContext crawls what is due. */
  sources: SourceCrawler
  /** The delivery outbox's worker (src/channels/): digests and notifications leaving the app. */
  deliveries: DeliveryWorker
  /** The Telegram bot (long-polling its updates) when TELEGRAM_BOT_TOKEN is set, else null. */
  telegram: TelegramBot | null
  /** The hosted mailbox's inbound SMTP listener when MAIL_DOMAIN is set, else null. */
  hostedMail: HostedMailListener | null
  /** Live reads of the user's connected IMAP / Gmail mailbox for mail recall; null when no connector is wired. */
  liveMailbox: LiveMailbox | null
  /** Stops background work (schedulers, workers) before the database closes. */
  close?: () => Promise<void> | void
}

/** A request budget of an operation (src/http/route.ts specs name it; docs/edge.md). */
export type Budget = 'read' | 'agent' | 'account' | 'cv-redirect'

export interface RateDecision {
  allowed: boolean
  limit: number
  /** The period `limit` is counted over. */
  per: 'minute' | 'hour'
  /** Whole tokens left after this request. */
  remaining: number
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number
  /** Whole seconds until the next token (only meaningful when refused). */
  retryAfterSeconds: number
  /** Set when a shared bucket refused, not the caller's own: its network's, or the valve of every caller. */
  scope?: 'network' | 'everyone'
}

/** Per-caller request budgets: in memory, the cluster's primary or Redis (src/http/rate-limit.ts). */
export interface RateLimiter {
  /** Takes one token from the caller's bucket; null when the budget is switched off (0). */
  take(budget: Budget, callerKey: string): RateDecision | null | Promise<RateDecision | null>
  /** Lets a connection to a shared store go (shutdown). */
  close?(): Promise<void>
}

/** Failed logins behind the escalating login delay (src/account/login-throttle.ts). */
export interface LoginThrottle {
  /**
   * Seconds to wait before another attempt is accepted (nothing is counted), or 0: then this
   * attempt is counted as a failure for the account and the IP until `release` gives it back.
   */
  reserve(email: string, ip: string, now: Date): number
  /** The reserved attempt succeeded: it no longer counts. */
  release(email: string, ip: string): void
  /** A successful sign-in also forgets the account's earlier failures. */
  recordSuccess(email: string): void
}

/** The delivery outbox's worker (src/channels/worker.ts). */
export interface DeliveryWorker {
  /** Sends everything due now; resolves with how many rows were attempted. */
  drain(): Promise<number>
  stop(): void
}

/** The Telegram bot (src/channels/telegram.ts). */
export interface TelegramBot {
  /** The bot's @username, from getMe (asked once). */
  username(): Promise<string>
  /** One Bot API call; throws TelegramApiError when Telegram answers ok:false. */
  call<T>(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<T>
  stop(): Promise<void>
}

/**
 * Derived data a first start (or an upgrade) may have to build over the whole catalogue; `enrichment`
 * is postings enriched by older rules than ENRICHMENT_VERSION (src/ingest/reenrich.ts).
 */
export type PreparedData = 'enrichment' | 'company_stats' | 'insights'

/** Derived data built beside serving (src/derived-prep.ts). */
export interface DerivedPreparation {
  /** What is not ready yet; readers of it answer 503 "being prepared". */
  readonly pending: ReadonlySet<PreparedData>
  /** Resolves once nothing is pending. */
  readonly done: Promise<void>
  /** Starts building what the database lacks; the serving process calls it once it listens. */
  start(db: DB, options: { now: Date; salaryMinSample: number; log: Logger }): void
  /** Stops the worker: what it committed stays, the next start resumes the rest. */
  stop(): Promise<void>
}
