/**
 * The connected mailboxes (IMAP, Gmail) read live for mail recall, beside the stored mail. The
 * mailbox connectors provide it on the context (`ctx.liveMailbox`); without a connected mailbox
 * both calls answer null. A provider that cannot be read throws; recall answers 502 for it.
 */
export interface LiveCandidate {
  /** Gmail message id, or IMAP `folder:uidvalidity:uid` — the external_id a sync stores. */
  provider_id: string
  from_addr: string
  from_name: string
  subject: string
  received_at: string
}

export interface LiveMailbox {
  /** Messages since a date naming one of the terms; null when the user has no connected mailbox. */
  search(userId: number, query: { since: Date; terms: string[]; limit: number }): Promise<LiveCandidate[] | null>
  /** Imports one message (deduped, through the ingest path); its stored id, or null with no connected mailbox. */
  importByProviderId(userId: number, providerId: string): Promise<number | null>
}
