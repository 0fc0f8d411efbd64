import { GmailHistoryGone, type GmailMailbox, type GmailMessageRef } from './gmail-api.ts'

/**
 * Incremental reading of a Gmail mailbox by history id. The first read (and one after Gmail has
 * dropped the history the checkpoint points into) takes the profile's history id first, then lists
 * the messages of the last FIRST_SYNC_DAYS: whatever arrives meanwhile lies after that id and comes
 * with the next sync. Later reads ask for the history records after the checkpoint and fetch the
 * messages they added. At most MAIL_SYNC_MAX_MESSAGES per sync: the checkpoint then stops at the
 * last history record read whole, and the next sync continues from there. Drafts, spam and trash
 * are not mail that arrived.
 */
const NOT_ARRIVED = new Set(['DRAFT', 'SPAM', 'TRASH'])

export interface GmailFetchOptions {
  maxMessages: number
  firstSyncDays: number
}

export interface GmailFetchResult {
  fetched: number
  historyId: string
  /** The read started over (no checkpoint, or Gmail no longer had its history). */
  full: boolean
}

/** Takes one raw message; resolves once it is stored. */
type Deliver = (ref: GmailMessageRef, raw: Buffer) => Promise<void> | void

const arrived = (ref: GmailMessageRef) => !(ref.labelIds ?? []).some((label) => NOT_ARRIVED.has(label))

export async function fetchGmail(
  mailbox: GmailMailbox,
  historyId: string | null,
  options: GmailFetchOptions,
  deliver: Deliver,
): Promise<GmailFetchResult> {
  if (historyId) {
    try {
      return await fromHistory(mailbox, historyId, options, deliver)
    } catch (error) {
      if (!(error instanceof GmailHistoryGone)) throw error
    }
  }
  return fullRead(mailbox, options, deliver)
}

async function fullRead(mailbox: GmailMailbox, options: GmailFetchOptions, deliver: Deliver): Promise<GmailFetchResult> {
  const { historyId } = await mailbox.profile()
  const q = `newer_than:${Math.max(1, options.firstSyncDays)}d -in:drafts`
  const refs: GmailMessageRef[] = []
  let pageToken: string | undefined
  do {
    const page = await mailbox.listMessages(q, pageToken)
    refs.push(...page.messages)
    pageToken = page.nextPageToken
  } while (pageToken && refs.length < options.maxMessages)
  let fetched = 0
  // The list is newest first; the newest are the ones a capped first read keeps.
  for (const ref of refs.slice(0, options.maxMessages).reverse()) {
    const raw = await mailbox.rawMessage(ref.id)
    if (raw) {
      await deliver(ref, raw)
      fetched++
    }
  }
  return { fetched, historyId, full: true }
}

async function fromHistory(mailbox: GmailMailbox, startHistoryId: string, options: GmailFetchOptions, deliver: Deliver): Promise<GmailFetchResult> {
  const seen = new Set<string>()
  let checkpoint = startHistoryId
  let fetched = 0
  let pageToken: string | undefined
  do {
    const page = await mailbox.history(startHistoryId, pageToken)
    for (const record of page.records) {
      for (const ref of record.added) {
        if (seen.has(ref.id) || !arrived(ref)) continue
        seen.add(ref.id)
        const raw = await mailbox.rawMessage(ref.id)
        if (raw) {
          await deliver(ref, raw)
          fetched++
        }
      }
      checkpoint = record.id
      if (fetched >= options.maxMessages) return { fetched, historyId: checkpoint, full: false }
    }
    pageToken = page.nextPageToken
    if (!pageToken) checkpoint = page.historyId
  } while (pageToken)
  return { fetched, historyId: checkpoint, full: false }
}
