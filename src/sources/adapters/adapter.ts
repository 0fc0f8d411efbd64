import type { BoardHttp } from '../board-http.ts'

/**
 * What every board adapter does: read a board's documented response and turn each listed posting
 * into an entry carrying the board's own id and a record in our import shape (or a schema.org
 * JobPosting node), which the importer validates, enriches and upserts. Entries a board lists but
 * that cannot be read are reported as malformed (skipped and counted, never a crash).
 */
export interface Board {
  kind: string
  token: string
  /** The endpoint read: the vendor's documented URL for the token unless the operator gave one. */
  url: string
  /** Company the postings are filed under when the board does not name it. */
  company: string
}

export type PostingRecord = Record<string, unknown>

export interface BoardEntry {
  /** The board's own id of the posting: our `external_id`. */
  id: string
  record: PostingRecord
  /** Reads what the listing leaves out (a detail request); called only for new or changed entries. */
  complete?: () => Promise<PostingRecord>
}

export interface Malformed {
  at: string
  reason: string
  /** The board's id when the entry had one: the posting is still listed, so it is not missed. */
  id?: string
}

export interface Listing {
  entries: BoardEntry[]
  malformed: Malformed[]
}

export interface ListContext {
  http: BoardHttp
  signal?: AbortSignal
  maxPages: number
}

export interface Adapter {
  kind: string
  /** Display name of the `source` facet value its postings carry. */
  label: string
  /** What the token is, for help texts: "board token", "careers page URL". */
  tokenHelp: string
  defaultUrl(token: string): string
  list(board: Board, context: ListContext): Promise<Listing>
}
