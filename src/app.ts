import { H3 } from 'h3'
import type { AppContext } from './context.ts'
import { mountRoutes, type Route } from './http/route.ts'
import { errorResponse } from './http/error-map.ts'
import { notFound } from './errors.ts'
import { requestLogHooks } from './http/request-log.ts'
import { baseHeaders } from './http/edge-headers.ts'
import { clusterMetricsScrape } from './cluster/metrics-ipc.ts'
import { isClusterWorker } from './cluster/primary.ts'
import { unsubscribeRoutes } from './http/routes/unsubscribe.ts'
import { meChatLinkRoutes } from './http/routes/me-chat-links.ts'
import { discordInteractionRoutes } from './http/routes/discord-interactions.ts'
import { meWebPushRoutes } from './http/routes/me-web-push.ts'
import { primaryEdge, replicaEdge } from './http/replica.ts'
import { mountWeb } from './http/web.ts'
import { createMetrics, mountOps } from './http/ops.ts'
import { mountFeeds } from './http/feeds.ts'
import { mountPages } from './http/pages.ts'
import { mountMcp } from './mcp/mount.ts'
// Route modules, by area.
import { statusRoutes } from './http/routes/status.ts'
import { openapiRoutes } from './http/routes/openapi.ts'
import { jobsSearchRoutes } from './http/routes/jobs-search.ts'
import { searchInterpretRoutes } from './http/routes/search-interpret.ts'
import { mountOjcp, ojcpRoutes } from './http/routes/ojcp.ts'
import { mountOjcpMcp } from './mcp/ojcp.ts'
import { jobsRoutes } from './http/routes/jobs.ts'
import { companiesRoutes } from './http/routes/companies.ts'
import { geoRoutes } from './http/routes/geo.ts'
import { suggestRoutes } from './http/routes/suggest.ts'
import { statsRoutes } from './http/routes/stats.ts'
import { insightsRoutes } from './http/routes/insights.ts'
import { authRoutes } from './http/routes/auth.ts'
import { oauthRoutes } from './http/routes/oauth.ts'
import { meAccountRoutes } from './http/routes/me-account.ts'
import { apiKeyRoutes } from './http/routes/api-keys.ts'
import { meProfileRoutes } from './http/routes/me-profile.ts'
import { jobMatchRoutes } from './http/routes/job-match.ts'
import { matchAnalysisRoutes } from './http/routes/match-analysis.ts'
import { assistantRoutes } from './http/routes/assistant.ts'
import { meScreeningRoutes } from './http/routes/me-screening.ts'
import { meResumeRoutes } from './http/routes/me-resume.ts'
import { mePhotoRoutes } from './http/routes/me-photo.ts'
import { meExperienceRoutes } from './http/routes/me-experience.ts'
import { meResumeVerdictRoutes } from './http/routes/me-resume-verdict.ts'
import { meAutofillRoutes } from './http/routes/me-autofill.ts'
import { marketRoutes } from './http/routes/market.ts'
import { meSearchRoutes } from './http/routes/me-searches.ts'
import { jobListRoutes } from './http/routes/job-lists.ts'
import { meWebhookRoutes } from './http/routes/me-webhook.ts'
import { meSubscriptionRoutes } from './http/routes/me-subscriptions.ts'
import { meNotificationRoutes } from './http/routes/me-notifications.ts'
import { mePushTokenRoutes } from './http/routes/me-push-tokens.ts'
import { jobInteractionRoutes } from './http/routes/job-interactions.ts'
import { trackerRoutes } from './http/routes/tracker.ts'
import { inboxRoutes } from './http/routes/inbox.ts'
import { mailboxRoutes } from './http/routes/mailbox.ts'
import { mailFollowupRoutes } from './http/routes/mail-followup.ts'
import { voteRoutes } from './http/routes/votes.ts'
import { planRoutes } from './http/routes/plan.ts'
import { mePreferenceRoutes } from './http/routes/me-preferences.ts'
import { meJdRoutes } from './http/routes/me-jd.ts'
import { applyFormRoutes } from './http/routes/apply-form.ts'
import { companyFeedbackRoutes } from './http/routes/company-feedback.ts'
import { submissionRoutes } from './http/routes/submissions.ts'
import { threadRoutes } from './http/routes/threads.ts'
import { referralRoutes } from './http/routes/referrals.ts'
import { cvRoutes } from './http/routes/cvs.ts'
import { mountCvRedirect } from './http/cv-redirect.ts'
import { adminSourceRoutes } from './http/routes/admin-sources.ts'
import { meImapRoutes } from './http/routes/me-imap.ts'
import { meGmailRoutes } from './http/routes/me-gmail.ts'

/** Every operation of the API, in the order the OpenAPI document lists them. */
export function allRoutes(ctx: AppContext): Route[] {
  return [
    ...statusRoutes(ctx),
    ...openapiRoutes(ctx, () => allRoutes(ctx)),
    // public reads
    ...jobsSearchRoutes(ctx),
    ...searchInterpretRoutes(ctx),
    ...ojcpRoutes(ctx),
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
    ...jobListRoutes(ctx),
    ...meWebhookRoutes(ctx),
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
  // Past one machine (docs/scaling.md): a replica hands writes on first; the primary stamps them with its position.
  if (ctx.role === 'replica') app.use(replicaEdge(ctx, ctx.primaryUrl))
  if (ctx.role === 'primary') app.use(primaryEdge(ctx))
  app.use(baseHeaders())
  mountRoutes(app, ctx, routes)
  mountOps(app, ctx, metrics)
  mountFeeds(app, ctx)
  mountPages(app, ctx)
  mountCvRedirect(app, ctx)
  // The MCP server's tools are the API's operations, whichever routes this app mounts.
  mountMcp(app, ctx, () => allRoutes(ctx))
  mountOjcp(app, ctx)
  mountOjcpMcp(app, ctx)
  mountWeb(app)
  app.all('/**', (event) => {
    throw notFound(`no route for ${event.req.method} ${event.url.pathname}`)
  })
  return app
}
