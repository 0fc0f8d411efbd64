import type { DB } from '../db/connection.ts'
import { generateSecret, hashSecret } from '../account/tokens.ts'

/**
 * The Atom feed of a saved search, for feed readers that carry no cookie: a secret in the URL
 * stands for the saved search. Only its SHA-256 is stored; asking again replaces it (the old URL
 * stops working), and deleting the saved search or the account ends it.
 */
export function issueFeedToken(db: DB, userId: number, savedSearchId: number): string | null {
  const token = generateSecret(20)
  const changed = db.prepare('UPDATE saved_searches SET feed_token_hash = ? WHERE id = ? AND user_id = ?').run(hashSecret(token), savedSearchId, userId).changes
  return changed ? token : null
}

/** The saved search a feed secret stands for, or null. */
export function savedSearchByFeedToken(db: DB, token: string): { name: string; query: string } | null {
  if (!/^[a-z2-7]{20,64}$/.test(token)) return null
  return (db.prepare('SELECT name, query FROM saved_searches WHERE feed_token_hash = ?').get(hashSecret(token)) as { name: string; query: string } | undefined) ?? null
}
