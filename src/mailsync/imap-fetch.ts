import type { ImapFlow } from 'imapflow'
import { classifyImapError } from './imap-client.ts'

/**
 * Incremental reading of IMAP folders. A folder's checkpoint is its UIDVALIDITY and the last UID
 * handed on: while UIDVALIDITY stays the same, UIDs only grow, so the next sync asks for the UIDs
 * above the checkpoint and nothing else. When UIDVALIDITY changes (the folder was recreated or the
 * server rebuilt its index) the old UIDs mean nothing: the folder is read again from the start,
 * and the store's dedupe on Message-ID keeps what was already delivered from arriving twice. The
 * first read of a folder goes back FIRST_SYNC_DAYS only. The checkpoint moves after each message
 * the store took, so a sync cut off half-way resumes where it stopped.
 */
export interface FolderCheckpoint {
  uidvalidity: number
  lastUid: number
}

export interface FolderResult {
  folder: string
  fetched: number
  /** Messages over the size cap, passed over (the checkpoint moves past them). */
  skipped: number
  /** UIDVALIDITY changed since the last sync: the folder was read again from the start. */
  reset: boolean
}

export interface FolderStore {
  checkpoint(folder: string): FolderCheckpoint | null
  saveCheckpoint(folder: string, checkpoint: FolderCheckpoint): void
  /** Takes one raw RFC 822 message; must not use the IMAP client (a FETCH is still streaming). */
  deliver(raw: Buffer, ref: MessageRef): Promise<void> | void
}

/** Where a message sits: unique for as long as the folder's UIDVALIDITY holds. */
export interface MessageRef {
  folder: string
  uidvalidity: number
  uid: number
}

export interface FetchOptions {
  /** Messages read per folder and sync at most; the rest follow on the next sync. */
  maxMessages: number
  maxMessageBytes: number
  /** A first read of a folder (or one after UIDVALIDITY changed) starts at this date; null = everything. */
  firstSyncSince: Date | null
}

export async function fetchNewMail(client: ImapFlow, folders: string[], store: FolderStore, options: FetchOptions): Promise<FolderResult[]> {
  const results: FolderResult[] = []
  for (const folder of folders) results.push(await fetchFolder(client, folder, store, options))
  return results
}

async function fetchFolder(client: ImapFlow, folder: string, store: FolderStore, options: FetchOptions): Promise<FolderResult> {
  const lock = await client.getMailboxLock(folder, { readOnly: true }).catch((error: unknown) => {
    throw classifyImapError(error)
  })
  try {
    const mailbox = client.mailbox
    if (!mailbox) throw classifyImapError(null)
    const uidvalidity = Number(mailbox.uidValidity)
    const saved = store.checkpoint(folder)
    const reset = saved !== null && saved.uidvalidity !== uidvalidity
    const lastUid = saved && !reset ? saved.lastUid : 0
    const query = lastUid > 0 ? { uid: `${lastUid + 1}:*` } : options.firstSyncSince ? { since: options.firstSyncSince } : { all: true }
    const found = (await client.search(query, { uid: true })) || []
    // `N:*` names the highest UID even when it is below N, so the filter is not redundant.
    const uids = found.filter((uid) => uid > lastUid).sort((a, b) => a - b).slice(0, options.maxMessages)
    const result: FolderResult = { folder, fetched: 0, skipped: 0, reset }
    if (!uids.length) {
      // Nothing new: a first read still records UIDVALIDITY and skips what predates the window.
      if (!saved || reset) store.saveCheckpoint(folder, { uidvalidity, lastUid: Math.max(0, (mailbox.uidNext ?? 1) - 1) })
      return result
    }
    const wanted: number[] = []
    for await (const message of client.fetch(uids.join(','), { uid: true, size: true }, { uid: true })) {
      if ((message.size ?? 0) > options.maxMessageBytes) result.skipped++
      else wanted.push(message.uid)
    }
    if (wanted.length) {
      for await (const message of client.fetch(wanted.join(','), { uid: true, source: true }, { uid: true })) {
        if (!message.source) continue
        await store.deliver(message.source, { folder, uidvalidity, uid: message.uid })
        result.fetched++
        store.saveCheckpoint(folder, { uidvalidity, lastUid: message.uid })
      }
    }
    store.saveCheckpoint(folder, { uidvalidity, lastUid: uids[uids.length - 1]! })
    return result
  } finally {
    lock.release()
  }
}
