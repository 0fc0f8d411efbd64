import { H3 } from 'h3'
import type { AppContext } from './context.ts'
import { mountRoutes, type Route } from './http/route.ts'
import { errorResponse } from './http/error-map.ts'
import { notFound } from './errors.ts'
import { requestLogHooks } from './http/request-log.ts'
import { baseHeaders } from './http/edge-headers.ts'
import { clusterMetricsScrape } from './cluster/metrics-ipc.ts'
import { isClusterWorker } from './cluster/primary.ts'
import { unsubscribeRoutes } from './http/unsubscribe.ts'
import { meChatLinkRoutes } from './http/me-chat-links.ts'
import { discordInteractionRoutes } from './http/discord-interactions.ts'
import { meWebPushRoutes } from './http/me-web-push.ts'
import { primaryEdge, replicaEdge } from './http/replica.ts'
import { mountWeb } from './http/web.ts'
import { createMetrics, mountOps } from './http/ops.ts'
import { mountFeeds } from './http/feeds.ts'
import { mountPages } from './http/pages.ts'
import { mountMcp } from './http/mcp.ts'
// Route modules, by area.
import { statusRoutes } from './http/status.ts'
import { openapiRoutes } from './http/openapi.ts'
import { jobsSearchRoutes } from './http/jobs-search.ts'
import { searchInterpretRoutes } from './http/search-interpret.ts'
import { mountOjcp, ojcpRoutes } from './http/ojcp.ts'
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
import { jobListRoutes } from './http/job-lists.ts'
import { meWebhookRoutes } from './http/me-webhook.ts'
import { meSubscriptionRoutes } from './http/me-subscriptions.ts'
import { meNotificationRoutes } from './http/me-notifications.ts'
import { mePushTokenRoutes } from './http/me-push-tokens.ts'
import { jobInteractionRoutes } from './http/job-interactions.ts'
import { trackerRoutes } from './http/tracker.ts'
import { inboxRoutes } from './http/inbox.ts'
import { mailboxRoutes } from './http/mailbox.ts'
import { mailFollowupRoutes } from './http/mail-followup.ts'
import { voteRoutes } from './http/votes.ts'
import { planRoutes } from './http/plan.ts'
import { mePreferenceRoutes } from './http/me-preferences.ts'
import { meJdRoutes } from './http/me-jd.ts'
import { applyFormRoutes } from './http/apply-form.ts'
import { companyFeedbackRoutes } from './http/company-feedback.ts'
import { submissionRoutes } from './http/submissions.ts'
import { threadRoutes } from './http/threads.ts'
import { referralRoutes } from './http/referrals.ts'
import { cvRoutes } from './http/cvs.ts'
import { mountCvRedirect } from './http/cv-redirect.ts'
import { adminSourceRoutes } from './http/admin-sources.ts'
import { meImapRoutes } from './http/me-imap.ts'
import { meGmailRoutes } from './http/me-gmail.ts'

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
  mountWeb(app)
  app.all('/**', (event) => {
    throw notFound(`no route for ${event.req.method} ${event.url.pathname}`)
  })
  return app
}
