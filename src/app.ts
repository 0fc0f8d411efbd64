import { H3 } from 'h3'
import type { Config } from './config.ts'
import type { AppContext } from './context.ts'
import type { DB } from './db/connection.ts'
import { createLogger } from './log.ts'
import { VERSION } from './version.ts'
import { mountRoutes, type Route } from './http/route.ts'
import { errorResponse } from './http/error-map.ts'
import { notFound } from './errors.ts'
import { requestLogHooks } from './http/request-log.ts'
import { baseHeaders } from './http/edge-headers.ts'
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts'
import { redisRateLimiter } from './http/rate-redis.ts'
import { primaryRateLimiter } from './cluster/rate-ipc.ts'
import { clusterMetricsScrape } from './cluster/metrics-ipc.ts'
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
import { startDigestScheduler } from './me/digest-scheduler.ts'
import { unsubscribeRoutes } from './http/unsubscribe.ts'
import { meChatLinkRoutes } from './http/me-chat-links.ts'
import { discordInteractionRoutes } from './http/discord-interactions.ts'
import { meWebPushRoutes } from './http/me-web-push.ts'
import { startDeliveryWorker } from './channels/worker.ts'
import { startTelegramBot } from './channels/telegram.ts'
import { startRollupScheduler } from './insights/insights.ts'
import { createSourceCrawler } from './sources/crawler.ts'
import { startSourceScheduler } from './sources/scheduler.ts'
import { startLeadership } from './cluster/lease.ts'
import { mountWeb } from './http/web.ts'
import { createMetrics, mountOps } from './http/ops.ts'
import { mountFeeds } from './http/feeds.ts'
import { mountPages } from './http/pages.ts'
import { mountMcp } from './http/mcp.ts'
// Route modules, by area.
import { statusRoutes } from './http/status.ts'
import { openapiRoutes } from './http/openapi.ts'
import { jobsSearchRoutes } from './http/jobs-search.ts'
import { jobsRoutes } from './http/jobs.ts'
import { companiesRoutes } from './http/companies.ts'
import { geoRoutes } from './http/geo.ts'
import { suggestRoutes } from './http/suggest.ts'
import { statsRoutes } from './http/stats.ts'
import { insightsRoutes } from './http/insights.ts'
import { authRoutes } from './http/auth.ts'
import { oauthRoutes } from './http/oauth.ts'
import { meAccountRoutes } from './http/me-account.ts'
import { apiKeyRoutes } from './http/api-keys.ts'
import { meProfileRoutes } from './http/me-profile.ts'
import { jobMatchRoutes } from './http/job-match.ts'
import { matchAnalysisRoutes } from './http/match-analysis.ts'
import { assistantRoutes } from './http/assistant.ts'
import { meScreeningRoutes } from './http/me-screening.ts'
import { meResumeRoutes } from './http/me-resume.ts'
import { mePhotoRoutes } from './http/me-photo.ts'
import { meExperienceRoutes } from './http/me-experience.ts'
import { meResumeVerdictRoutes } from './http/me-resume-verdict.ts'
import { meAutofillRoutes } from './http/me-autofill.ts'
import { marketRoutes } from './http/market.ts'
import { meSearchRoutes } from './http/me-searches.ts'
import { meSubscriptionRoutes } from './http/me-subscriptions.ts'
import { meNotificationRoutes } from './http/me-notifications.ts'
import { mePushTokenRoutes } from './http/me-push-tokens.ts'
import { jobInteractionRoutes } from './http/job-interactions.ts'
import { trackerRoutes } from './http/tracker.ts'
import { inboxRoutes } from './http/inbox.ts'
import { mailboxRoutes } from './http/mailbox.ts'
import { mailFollowupRoutes } from './http/mail-followup.ts'
import { startHostedMailListener } from './inbox/smtp-listener.ts'
import { voteRoutes } from './http/votes.ts'
import { planRoutes } from './http/plan.ts'
import { mePreferenceRoutes } from './http/me-preferences.ts'
import { meJdRoutes } from './http/me-jd.ts'
import { applyFormRoutes } from './http/apply-form.ts'
import { planSettings } from './plan/plan-settings.ts'
import { companyFeedbackRoutes } from './http/company-feedback.ts'
import { submissionRoutes } from './http/submissions.ts'
import { threadRoutes } from './http/threads.ts'
import { referralRoutes } from './http/referrals.ts'
import { cvRoutes } from './http/cvs.ts'
import { mountCvRedirect } from './http/cv-redirect.ts'
import { adminSourceRoutes } from './http/admin-sources.ts'
import { meImapRoutes } from './http/me-imap.ts'
import { meGmailRoutes } from './http/me-gmail.ts'
import { startMailSyncScheduler } from './mailsync/mail-sync-scheduler.ts'
import { liveMailboxOf } from './mailsync/live-mailbox.ts'

export function createContext(config: Config, db: DB): AppContext {
  const log = createLogger(config.logLevel)
  // A malformed PLAN_* setting stops the start with a message naming it, not a later request.
  planSettings(config)
  useReferenceCurrency(config.salaryReferenceCurrency)
  // A malformed SECRETS_KEY stops the start here, not later as a 500 on the first mailbox request.
  secretsKeyOf(config)
  // Derived data an import killed mid-way left stale is finished before anything reads it.
  const resumed = resumePendingRefresh(db)
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
  const ctx: AppContext = {
    config,
    db,
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
      await schedulers.stop()
      await ctx.rateLimiter.close?.()
      await ctx.background.idle()
      ctx.turns.close()
      await preparing.stop()
      return search.close()
    },
  }
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
  const schedulers = startLeadership(db, { name: 'schedulers', leaseSeconds: config.schedulerLeaseSeconds, log }, () => {
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

/** Every operation of the API, in the order the OpenAPI document lists them. */
export function allRoutes(ctx: AppContext): Route[] {
  return [
    ...statusRoutes(ctx),
    ...openapiRoutes(ctx, () => allRoutes(ctx)),
    // public reads
    ...jobsSearchRoutes(ctx),
    ...jobsRoutes(ctx),
    ...applyFormRoutes(ctx),
    ...companiesRoutes(ctx),
    ...geoRoutes(ctx),
    ...suggestRoutes(ctx),
    ...statsRoutes(ctx),
    ...insightsRoutes(ctx),
    // accounts
    ...authRoutes(ctx),
    ...oauthRoutes(ctx),
    ...meAccountRoutes(ctx),
    ...mePreferenceRoutes(ctx),
    ...apiKeyRoutes(ctx),
    // signed-in features
    ...meProfileRoutes(ctx),
    ...jobMatchRoutes(ctx),
    ...matchAnalysisRoutes(ctx),
    ...assistantRoutes(ctx),
    ...meScreeningRoutes(ctx),
    ...meResumeRoutes(ctx),
    ...mePhotoRoutes(ctx),
    ...meExperienceRoutes(ctx),
    ...meResumeVerdictRoutes(ctx),
    ...meAutofillRoutes(ctx),
    ...marketRoutes(ctx),
    ...meSearchRoutes(ctx),
    ...meSubscriptionRoutes(ctx),
    ...meNotificationRoutes(ctx),
    ...mePushTokenRoutes(ctx),
    ...meWebPushRoutes(ctx),
    ...unsubscribeRoutes(ctx),
    ...meChatLinkRoutes(ctx),
    ...discordInteractionRoutes(ctx),
    ...jobInteractionRoutes(ctx),
    // the tracker
    ...trackerRoutes(ctx),
    ...inboxRoutes(ctx),
    ...mailboxRoutes(ctx),
    ...mailFollowupRoutes(ctx),
    ...voteRoutes(ctx),
    ...planRoutes(ctx),
    ...meJdRoutes(ctx),
    // mail
    ...meImapRoutes(ctx),
    ...meGmailRoutes(ctx),
    // community
    ...companyFeedbackRoutes(ctx),
    ...submissionRoutes(ctx),
    ...threadRoutes(ctx),
    ...referralRoutes(ctx),
    ...cvRoutes(ctx),
    // moderation
    ...adminSourceRoutes(ctx),
  ]
}

/**
 * Builds the HTTP app: request log, error mapping to `{ error }`, then the routes under /api/v1
 * (every route module unless a test passes its own list).
 */
export function createApp(ctx: AppContext, routes: Route[] = allRoutes(ctx)): H3 {
  const metrics = createMetrics(ctx, isClusterWorker() ? clusterMetricsScrape : undefined)
  const observers = [requestLogHooks(ctx.log), metrics.hooks]
  const app = new H3({
    // Unexpected errors are logged once, by onError below, through our logger.
    silent: true,
    onRequest: (event) => {
      for (const observer of observers) observer.onRequest?.(event)
    },
    onResponse: (response, event) => {
      for (const observer of observers) observer.onResponse?.(response, event)
    },
    onError: (error, event) => errorResponse(ctx, error, event),
  })
  app.use(baseHeaders())
  mountRoutes(app, ctx, routes)
  mountOps(app, ctx, metrics)
  mountFeeds(app, ctx)
  mountPages(app, ctx)
  mountCvRedirect(app, ctx)
  // The MCP server's tools are the API's operations, whichever routes this app mounts.
  mountMcp(app, ctx, () => allRoutes(ctx))
  mountWeb(app)
  app.all('/**', (event) => {
    throw notFound(`no route for ${event.req.method} ${event.url.pathname}`)
  })
  return app
}
