/**
 * The segments of `sort=match`: the cards carrying the most of the caller's skills first, then
 * fewer, then none, each segment newest first (page-order.ts orders within it). The work is one
 * pass over each skill's posting list cut to the cards, so it is bounded by the postings of the
 * caller's skills (a profile names at most a few dozen), never by a sort of the whole match set;
 * the engine keeps the segments, so the next page of the same search does not rank again.
 */
import { andNotDocs, hasDoc } from './bitmap.ts'
import { DocList, filterList, toBitmap, type DocSet } from './doc-set.ts'
import type { SearchIndex } from './search-index.ts'

export function matchTiers(index: SearchIndex, cards: DocSet, skills: readonly string[]): DocSet[] {
  // A score a document (at most 255 skills count); the documents touched, in the order first seen.
  const scores = new Uint8Array(index.columns.docCount)
  const touched: number[] = []
  for (const skill of new Set(skills)) {
    const postings = index.postingsOf('skills', skill)
    if (!postings) continue
    const count = (doc: number) => {
      if (scores[doc] === 0) touched.push(doc)
      if (scores[doc]! < 255) scores[doc]!++
    }
    if (cards instanceof DocList) for (const doc of filterList(postings, cards).docs) count(doc)
    else for (let i = 0; i < postings.length; i++) if (hasDoc(cards, postings[i]!)) count(postings[i]!)
  }
  if (touched.length === 0) return [cards]
  // Document order: a sort of the touched documents, or, when they are many, one pass over the scores
  // (a million-document pass costs less than sorting a few hundred thousand).
  const docCount = index.columns.docCount
  let scored: Uint32Array
  if (touched.length * 16 < docCount) scored = Uint32Array.from(touched).sort()
  else {
    scored = new Uint32Array(touched.length)
    for (let doc = 0, n = 0; doc < docCount; doc++) if (scores[doc] !== 0) scored[n++] = doc
  }
  // Counting the tier sizes first lets each tier fill a typed array in document order, unsorted again.
  let top = 0
  for (const doc of scored) top = Math.max(top, scores[doc]!)
  const sizes = new Uint32Array(top + 1)
  for (const doc of scored) sizes[scores[doc]!]!++
  const tiers = Array.from({ length: top + 1 }, (_, score) => new Uint32Array(sizes[score]!))
  const filled = new Uint32Array(top + 1)
  for (const doc of scored) {
    const score = scores[doc]!
    tiers[score]![filled[score]!++] = doc
  }
  let rest: DocSet
  if (cards instanceof DocList) rest = filterList(cards.docs, new DocList(scored), false)
  else {
    // toBitmap hands back the cached set itself: the rest is cut from a copy.
    const copy = toBitmap(cards, index.words).slice()
    andNotDocs(copy, scored)
    rest = copy
  }
  return [...tiers.slice(1).reverse().filter((tier) => tier.length > 0).map((docs) => new DocList(docs)), rest]
}
