import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'

/**
 * What a search card tells about the rest of its role (one card per role cluster, see
 * src/search/role-cards.ts): how many other open postings the role has (`copies_count`, the
 * `meta.total` of /jobs/{slug}/copies) and where they are (`locations_also`: the distinct verbatim
 * locations among its newest other postings, the card's own left out). Read per page from the
 * index jobs_cluster_posted: one count and one short range per card, from the card's row as the page
 * read it (its cluster and location).
 */
export interface RoleCopies {
  count: number
  locations: string[]
}

/** Other postings read for their places per card; and places listed at most. */
const PLACES_READ = 20
export const PLACES_LISTED = 10

/** A card as its page read it: its job id, role cluster and verbatim location. */
export interface CardRow {
  id: number
  cluster_id: number | null
  location: string | null
}

/** `counts`: the other open postings of each card's role when the caller knows them (the search index does); else counted here. */
export function roleCopiesOf(db: DB, cards: readonly CardRow[], counts?: ReadonlyMap<number, number>): Map<number, RoleCopies> {
  const out = new Map<number, RoleCopies>()
  const count = prepared(db, 'SELECT count(*) FROM jobs WHERE cluster_id = ? AND closed_at IS NULL AND id != ?').pluck()
  const places = prepared(db, `SELECT location FROM jobs WHERE cluster_id = ? AND closed_at IS NULL AND id != ? ORDER BY posted_at DESC, id DESC LIMIT ${PLACES_READ}`).pluck()
  for (const card of cards) {
    // With the counts known, only roles that have copies are read.
    const others = card.cluster_id === null ? 0 : counts ? (counts.get(card.id) ?? 0) : (count.get(card.cluster_id, card.id) as number)
    const seen = new Set<string>()
    if (others > 0) {
      for (const location of places.all(card.cluster_id, card.id) as (string | null)[]) {
        if (location && location !== card.location && seen.size < PLACES_LISTED) seen.add(location)
      }
    }
    out.set(card.id, { count: others, locations: [...seen] })
  }
  return out
}
