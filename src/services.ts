import type { Config } from './config.ts'
import type { AppContext, RateLimiter } from './context.ts'
import type { DB } from './db/connection.ts'
import { createLogger } from './log.ts'
import { VERSION } from './version.ts'
import { createRateLimiter } from './http/rate-limit.ts'
import { redisRateLimiter } from './http/rate-redis.ts'
import { primaryRateLimiter } from './cluster/rate-ipc.ts'
import { isClusterWorker } from './cluster/primary.ts'
import { createSearchEngine } from './search/engine.ts'
import { useReferenceCurrency } from './catalogue/salary-normalized.ts'
import { secretsKeyOf } from './secret-box.ts'
import { DerivedPreparation } from './derived-prep.ts'
import { CatalogueMemory } from './catalogue/catalogue-memory.ts'
import { createMailer } from './mail/mailer.ts'
import { createLoginThrottle } from './account/login-throttle.ts'
import { createTurnSlots } from './assistant/turn-slots.ts'
import { createBackgroundWork } from './background.ts'
import { resumePendingRefresh } from './catalogue/refresh.ts'
import { startDigestScheduler } from './alerts/digest-scheduler.ts'
import { startDeliveryWorker } from './channels/worker.ts'
import { startTelegramBot } from './channels/telegram.ts'
import { startRollupScheduler } from './insights/insights.ts'
import { createSourceCrawler } from './sources/crawler.ts'
import { startSourceScheduler } from './sources/scheduler.ts'
import { startLeadership } from './db/lease.ts'
import { startHostedMailListener } from './inbox/smtp-listener.ts'
import { planSettings } from './plan/plan-settings.ts'
import { startMailSyncScheduler } from './mailsync/mail-sync-scheduler.ts'
import { liveMailboxOf } from './mailsync/live-mailbox.ts'
import { primaryUrlOf, serveRole } from './cluster/role.ts'

/**
 * The service wiring: every service of the context (src/context.ts) created over one database, with
 * the schedulers one serving process of all runs. The server, the commands that need the services
 * and the tests build their context here; src/app.ts builds the HTTP app over it.
 */
export function createContext(config: Config, db: DB): AppContext {
  const log = createLogger(config.logLevel)
  // A malformed PLAN_* setting stops the start with a message naming it, not a later request.
  planSettings(config)
  useReferenceCurrency(config.salaryReferenceCurrency)
  // A malformed SECRETS_KEY stops the start here, not later as a 500 on the first mailbox request.
  secretsKeyOf(config)
  const role = serveRole(config, db.name)
  if (role === 'replica' && !db.readonly) throw new Error('a replica opens its database read-only (src/cluster/role.ts openReplicaDatabase)')
  // Derived data an import killed mid-way left stale is finished before anything reads it (the primary's work on a replica's file).
  const resumed = role === 'replica' ? 0 : resumePendingRefresh(db)
  if (resumed) log.info('finished derived-data refresh left pending by an interrupted import', { postings: resumed })
  const now = () => new Date()
  const search = createSearchEngine(db, {
    cacheEntries: config.searchCacheEntries,
    cacheBytes: config.searchCacheMegabytes * 1024 * 1024,
    answerEntries: config.searchAnswerEntries,
    workers: config.searchWorkers,
    countThreads: config.searchCountThreads,
    countSplitDocs: config.searchCountSplitDocs,
    nowSeconds: () => Math.floor(now().getTime() / 1000),
  })
  const preparing = new DerivedPreparation()
  let schedulers: { stop(): Promise<void> } | undefined
  const ctx: AppContext = {
    config,
    db,
    role,
    primaryUrl: role === 'replica' ? primaryUrlOf(config, db.name) : '',
    log,
    startedAt: new Date().toISOString(),
    version: VERSION,
    rateLimiter: sharedRateLimiter(config),
    now,
    mailer: createMailer(config, db, log, now),
    loginThrottle: createLoginThrottle(config, db),
    turns: createTurnSlots(db, log),
    background: createBackgroundWork(log),
    search,
    preparing,
    catalogue: new CatalogueMemory(db, search, preparing),
    // Through ctx.now, so a test that moves the clock moves when sources are due.
    sources: createSourceCrawler({ config, db, now: () => ctx.now() }),
    // Replaced just below, once the context it works from exists.
    deliveries: { drain: async () => 0, stop() {} },
    telegram: null,
    hostedMail: null,
    liveMailbox: null,
    close: async () => {
      ctx.deliveries.stop()
      await ctx.hostedMail?.close()
      await ctx.telegram?.stop()
      await schedulers?.stop()
      await ctx.rateLimiter.close?.()
      await ctx.background.idle()
      ctx.turns.close()
      await preparing.stop()
      await ctx.catalogue.saved()
      return search.close()
    },
  }
  // A replica writes nothing: deliveries, the Telegram poller, inbound mail and the schedulers are the primary's.
  if (role === 'replica') return ctx
  // Deliveries claim their rows atomically, so every process may run the worker; the Telegram poller
  // (one getUpdates reader per bot) belongs with a single serving process (docs/channels.md).
  ctx.deliveries = startDeliveryWorker(ctx)
  ctx.telegram = startTelegramBot(ctx)
  // Mail recall reads connected IMAP and Gmail mailboxes live through this (src/mailsync/).
  ctx.liveMailbox = liveMailboxOf(ctx)
  // Every serving process may listen: under the cluster the SMTP port is shared like the HTTP one.
  ctx.hostedMail = config.mailDomain ? startHostedMailListener({ config, db, log, now: () => ctx.now() }) : null
  // Saved-search digests, the insights rollup's daily job and board crawls run inside a serving
  // process: in one process of all those serving the database file, the holder of the scheduler
  // lease (src/cluster/). Their timers never keep the process alive.
  schedulers = startLeadership(db, { name: 'schedulers', leaseSeconds: config.schedulerLeaseSeconds, log }, () => {
    const digests = startDigestScheduler(ctx)
    const rollup = startRollupScheduler(ctx)
    const boards = startSourceScheduler(ctx.sources, { intervalMinutes: config.sourcesCrawlIntervalMinutes, log })
    // Connected IMAP mailboxes and Gmail accounts (src/mailsync/).
    const mailSync = startMailSyncScheduler(ctx)
    return {
      async stop() {
        digests.stop()
        rollup.stop()
        await boards.stop()
        await mailSync.stop()
      },
    }
  })
  return ctx
}

/** Where budgets are counted: Redis when set (every machine), else the cluster's primary, else this process. */
function sharedRateLimiter(config: Config): RateLimiter {
  if (config.redisUrl) return redisRateLimiter(config, config.redisUrl)
  return isClusterWorker() ? primaryRateLimiter(config) : createRateLimiter(config)
}
