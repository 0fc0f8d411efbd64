import type { ImapFlow } from 'imapflow'
import type { AppContext } from '../context.ts'
import { DomainError, notFound } from '../errors.ts'
import { ingestRawMessage } from '../inbox/ingest.ts'
import type { LiveCandidate, LiveMailbox } from '../inbox/live-mailbox.ts'
import { GmailMailbox, GmailReconsent, GmailUnavailable } from './gmail-api.ts'
import { gmailAvailable } from './gmail-oauth.ts'
import { findGmailConnection, gmailTokensOf, updateGmailTokens } from './gmail-store.ts'
import { findImapAccount, foldersOf, imapLoginOf } from './imap-store.ts'
import { imapLimitsOf, openImap } from './imap-client.ts'

/**
 * The connected mailboxes read live, beside the stored mail, for mail recall (the LiveMailbox seam of
 * src/inbox/live-mailbox.ts): candidates found in Gmail or the IMAP folders since a date and naming
 * one of some terms, and one message imported by its provider id (a Gmail message id, or an IMAP
 * `folder:uidvalidity:uid` as the sync stores it). A provider that cannot be read is a
 * MailboxReadFailed (recall answers 502); no connected mailbox is null, never an error of its own.
 */
export class MailboxReadFailed extends Error {}

/** What mail recall reads through (`ctx.liveMailbox`): these two functions on the context. */
export function liveMailboxOf(ctx: AppContext): LiveMailbox {
  return {
    search: (userId, query) => searchConnectedMailboxes(ctx, userId, query),
    importByProviderId: (userId, providerId) => importByProviderId(ctx, userId, providerId),
  }
}

const IMAP_ID = /^(.+):(\d+):(\d+)$/

/** "Name <addr>" or a bare address, as a header carries it. */
function splitFrom(value: string): { from_addr: string; from_name: string } {
  const angle = /^\s*"?(.*?)"?\s*<([^<>\s]+)>\s*$/.exec(value)
  return angle ? { from_addr: angle[2]!.toLowerCase(), from_name: angle[1]!.trim() } : { from_addr: value.trim().toLowerCase(), from_name: '' }
}

function gmailOf(ctx: AppContext, userId: number): GmailMailbox | null {
  const row = findGmailConnection(ctx.db, userId)
  if (!row || row.status !== 'connected' || !gmailAvailable(ctx.config)) return null
  try {
    return new GmailMailbox(ctx.config, gmailTokensOf(ctx.config, row), (tokens) => updateGmailTokens(ctx.db, ctx.config, userId, tokens))
  } catch {
    return null // sealed under a key this server no longer has: the user connects again
  }
}

async function withImap<T>(ctx: AppContext, userId: number, work: (client: ImapFlow, folders: string[]) => Promise<T>): Promise<T | null> {
  const account = findImapAccount(ctx.db, userId)
  if (!account) return null
  let client: ImapFlow | undefined
  try {
    client = await openImap(imapLoginOf(ctx.config, account), imapLimitsOf(ctx.config))
    return await work(client, foldersOf(account))
  } catch (error) {
    if (error instanceof MailboxReadFailed || error instanceof DomainError) throw error
    throw new MailboxReadFailed('the IMAP mailbox could not be read')
  } finally {
    await client?.logout().catch(() => client?.close())
  }
}

async function gmailCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof GmailUnavailable || error instanceof GmailReconsent) throw new MailboxReadFailed('Gmail could not be read')
    throw error
  }
}

/** Newest first, at most `limit` from each connected mailbox; null when none is connected. */
export async function searchConnectedMailboxes(ctx: AppContext, userId: number, query: { since: Date; terms: string[]; limit: number }): Promise<LiveCandidate[] | null> {
  const terms = query.terms.map((term) => term.replace(/["{}\\]/g, ' ').trim()).filter((term) => term.length >= 2)
  const gmail = gmailOf(ctx, userId)
  const imapConnected = findImapAccount(ctx.db, userId) !== undefined
  if (!gmail && !imapConnected) return null
  if (!terms.length) return []
  const found: LiveCandidate[] = []
  if (gmail) {
    await gmailCall(async () => {
      // `{a b}` is Gmail's OR; `after:` takes Unix seconds.
      const q = `after:${Math.floor(query.since.getTime() / 1000)} {${terms.map((term) => `"${term}"`).join(' ')}} -in:drafts`
      const { messages } = await gmail.listMessages(q)
      for (const ref of messages.slice(0, query.limit)) {
        const headers = await gmail.headers(ref.id)
        if (headers) found.push({ provider_id: ref.id, ...splitFrom(headers.from), subject: headers.subject, received_at: headers.date ?? query.since.toISOString() })
      }
    })
  }
  await withImap(ctx, userId, async (client, folders) => {
    for (const folder of folders) {
      const lock = await client.getMailboxLock(folder, { readOnly: true })
      try {
        const uidvalidity = Number(client.mailbox ? client.mailbox.uidValidity : 0)
        const or = terms.flatMap((term) => [{ from: term }, { subject: term }, { body: term }])
        const uids = ((await client.search({ since: query.since, or }, { uid: true })) || []).sort((a, b) => b - a).slice(0, query.limit)
        if (!uids.length) continue
        for await (const message of client.fetch(uids.join(','), { uid: true, envelope: true, internalDate: true }, { uid: true })) {
          const from = message.envelope?.from?.[0]
          // imapflow leaves a Date header it cannot parse as a string: fall back to the server's date.
          const envelopeDate = message.envelope?.date
          const date = envelopeDate instanceof Date && !Number.isNaN(envelopeDate.getTime()) ? envelopeDate : message.internalDate
          found.push({
            provider_id: `${folder}:${uidvalidity}:${message.uid}`,
            from_addr: (from?.address ?? '').toLowerCase(),
            from_name: from?.name ?? '',
            subject: message.envelope?.subject ?? '',
            received_at: date ? new Date(date).toISOString() : query.since.toISOString(),
          })
        }
      } finally {
        lock.release()
      }
    }
  })
  return found.sort((a, b) => b.received_at.localeCompare(a.received_at))
}

/**
 * Imports one message by its provider id into the inbox (deduped like any synced message) and
 * returns its stored id; null when no connected mailbox could hold that id. 404 when the mailbox
 * has no such message (an IMAP id whose UIDVALIDITY is gone included).
 */
export async function importByProviderId(ctx: AppContext, userId: number, providerId: string): Promise<number | null> {
  const imapId = IMAP_ID.exec(providerId)
  const account = findImapAccount(ctx.db, userId)
  if (imapId && account && foldersOf(account).includes(imapId[1]!)) {
    const [, folder, uidvalidity, uid] = imapId as unknown as [string, string, string, string]
    const raw = await withImap(ctx, userId, async (client) => {
      const lock = await client.getMailboxLock(folder, { readOnly: true })
      try {
        if (String(client.mailbox ? client.mailbox.uidValidity : '') !== uidvalidity) throw notFound('no such message in your mailbox')
        const message = await client.fetchOne(uid, { uid: true, source: true }, { uid: true })
        if (!message || !message.source) throw notFound('no such message in your mailbox')
        return message.source
      } finally {
        lock.release()
      }
    })
    if (!raw) return null
    return (await ingestRawMessage(ctx.db, userId, raw, 'imap', { externalId: providerId, now: ctx.now().toISOString() })).id
  }
  const gmail = gmailOf(ctx, userId)
  if (!gmail) {
    // A connected IMAP mailbox that does not hold this id (another folder, a gone UIDVALIDITY): no such message.
    if (account) throw notFound('no such message in your mailbox')
    return null
  }
  const raw = await gmailCall(() => gmail.rawMessage(providerId))
  if (!raw) throw notFound('no such message in your mailbox')
  return (await ingestRawMessage(ctx.db, userId, raw, 'gmail', { externalId: providerId, now: ctx.now().toISOString() })).id
}
