import type { Config } from './config.ts'
import type { DB } from './db/connection.ts'
import type { Logger } from './log.ts'
import type { SearchEngine } from './search/engine.ts'
import type { CatalogueMemory } from './catalogue/catalogue-memory.ts'
import type { RateLimiter } from './http/rate-limit.ts'
import type { Mailer } from './mail/mailer.ts'
import type { LoginThrottle } from './account/login-throttle.ts'
import type { TurnSlots } from './assistant/turn-slots.ts'
import type { BackgroundWork } from './background.ts'
import type { SourceCrawler } from './sources/crawler.ts'
import type { DeliveryWorker } from './channels/worker.ts'
import type { TelegramBot } from './channels/telegram.ts'
import type { HostedMailListener } from './inbox/smtp-listener.ts'
import type { LiveMailbox } from './inbox/live-mailbox.ts'
import type { DerivedPreparation } from './derived-prep.ts'
import type { ServeRole } from './cluster/role.ts'

/**
 * What every route module and service is built from: one per process (or per test).
 * Services add their field here; src/app.ts creates them in createContext.
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
