import type { AppContext } from '../context.ts'
import type { SearchFilters } from '../search/facet-spec.ts'
import { MAX_WITHIN_DAYS } from '../search/facet-spec.ts'
import { loadJobs } from '../catalogue/job-json.ts'
import { parseSavedQuery } from './saved-query.ts'
import { createNotification, getNotificationSettings, type NotificationJob } from '../channels/notifications.ts'
import { activeSubscriptionsDue, advanceDigestCursor, type DueSubscription } from '../channels/subscriptions.ts'
import { dismissedJobIds } from '../tracker/interactions.ts'
import { enqueueDeliveries } from '../channels/deliveries.ts'
import { channelReaches } from '../channels/reach.ts'

/**
 * Saved-search digests: for every active subscription, the open postings first recorded by the
 * catalogue (created_at) after the subscription's cursor and up to this run that match its saved
 * search become one `subscription_digest` notification, and the cursor moves to this run. A
 * subscription with nothing new gets no notification. Postings the user dismissed are left out.
 */
export interface DigestRunSummary {
  subscriptions: number
  notifications: number
  pushed: number
  mailed: number
}

const PAGE = 100
/** Beyond this many new postings a digest says "N+" instead of counting on. */
const MAX_COUNTED = 1000
const DAY_SECONDS = 86400

export async function runDigests(ctx: AppContext, now: Date = ctx.now()): Promise<DigestRunSummary> {
  const runAt = now.toISOString()
  const summary: DigestRunSummary = { subscriptions: 0, notifications: 0, pushed: 0, mailed: 0 }
  for (const subscription of activeSubscriptionsDue(ctx.db, runAt)) {
    summary.subscriptions++
    try {
      await digestOne(ctx, subscription, runAt, summary)
    } catch (error) {
      // One subscription failing must not hold back the others; its window is retried next run.
      ctx.log.error('digest failed', { subscription: subscription.id, error: String(error) })
    }
  }
  // Send what this run queued now rather than at the worker's next pass.
  await ctx.deliveries.drain()
  return summary
}

async function digestOne(ctx: AppContext, subscription: DueSubscription, runAt: string, summary: DigestRunSummary): Promise<void> {
  const found = newMatches(ctx, subscription, runAt)
  const settings = getNotificationSettings(ctx.db, subscription.userId)
  const message = found && found.count > 0 ? digestMessage(subscription, found) : null
  // Out of the app only on the subscription's channel, when the settings are enabled, list it and
  // the channel can reach this user (configured, linked, a device registered). A webhook is an
  // integration the user pointed at this subscription, not a message to a person: the personal
  // settings do not gate it, only the endpoint's own enabled flag.
  const personal = subscription.channel !== 'webhook'
  const outOfApp = (!personal || (settings.enabled && settings.channels.includes(subscription.channel))) && channelReaches(ctx, subscription.channel, subscription.userId)
  // The cursor moves only from the value this run read: a concurrent run (the scheduler and
  // `openroles digests run`) that got there first makes this one send nothing. The notification
  // and its delivery rows are written in the same transaction, so each is written exactly once.
  const claimed = ctx.db.transaction(() => {
    if (!advanceDigestCursor(ctx.db, subscription.id, subscription.cursorAt, runAt, Boolean(message))) return false
    if (!message || (!settings.digest_in_app && !outOfApp)) return true
    const id = createNotification(
      ctx.db,
      { userId: subscription.userId, kind: 'subscription_digest', subscriptionId: subscription.id, inApp: settings.digest_in_app, ...message },
      runAt,
    )
    if (outOfApp) enqueueDeliveries(ctx.db, id, subscription.userId, [subscription.channel], runAt)
    return true
  })()
  if (!claimed || !message) return
  if (settings.digest_in_app) summary.notifications++
  if (outOfApp && subscription.channel === 'email') summary.mailed++
  if (outOfApp && subscription.channel === 'push') summary.pushed++
}

interface Found {
  count: number
  capped: boolean
  jobs: NotificationJob[]
}

/**
 * Newest-first pages of the saved search narrowed to recently recorded postings, read until a
 * posting at or before the cursor shows up. Null when the saved query no longer parses.
 */
function newMatches(ctx: AppContext, subscription: DueSubscription, runAt: string): Found | null {
  let parsed
  try {
    parsed = parseSavedQuery(ctx, subscription.query)
  } catch (error) {
    ctx.log.error('digest: saved query no longer parses', { subscription: subscription.id, error: String(error) })
    return null
  }
  const filters: SearchFilters = { ...parsed.filters, openWithinDays: windowDays(ctx, subscription.cursorAt, parsed.filters.openWithinDays) }
  const dismissed = dismissedJobIds(ctx.db, subscription.userId)
  const found: Found = { count: 0, capped: false, jobs: [] }
  for (let offset = 0; ; offset += PAGE) {
    const { ids } = ctx.search.search({ q: parsed.q, filters, sort: 'created_at', order: 'desc', limit: PAGE, offset })
    const jobs = loadJobs(ctx.db, ids.filter((id) => !dismissed.has(id)), { description: 'preview', ghost: false })
    for (const job of jobs) {
      const createdAt = job.created_at as string
      if (createdAt <= subscription.cursorAt) return found
      if (createdAt > runAt) continue
      if (found.count >= MAX_COUNTED) return { ...found, capped: true }
      found.count++
      if (found.jobs.length < ctx.config.digestMaxJobs) found.jobs.push(snapshot(job))
    }
    if (ids.length < PAGE) return found
  }
}

/** Days back to the cursor (rounded up, plus one for clock skew), within the filter's bounds. */
function windowDays(ctx: AppContext, cursorAt: string, ownLimit: number | undefined): number {
  const days = Math.ceil((ctx.now().getTime() - Date.parse(cursorAt)) / 1000 / DAY_SECONDS) + 1
  return Math.min(Math.max(1, days), MAX_WITHIN_DAYS, ownLimit ?? MAX_WITHIN_DAYS)
}

function snapshot(job: Record<string, unknown>): NotificationJob {
  return {
    public_slug: job.public_slug as string,
    title: job.title as string,
    company: job.company as string,
    location: (job.location as string | null) ?? null,
    work_mode: (job.work_mode as string | null) ?? null,
    created_at: job.created_at as string,
  }
}

function digestMessage(subscription: DueSubscription, found: Found) {
  const count = `${found.count}${found.capped ? '+' : ''}`
  const title = `${count} new job${found.count === 1 ? '' : 's'} for “${subscription.name}”`
  const listed = found.jobs.slice(0, 3).map((job) => `${job.title} at ${job.company}`)
  const rest = found.count - listed.length
  const body = listed.join('; ') + (rest > 0 ? ` and ${rest}${found.capped ? '+' : ''} more` : '') + '.'
  return { title, body, publicSlug: found.count === 1 ? found.jobs[0]!.public_slug : null, jobs: found.jobs }
}
