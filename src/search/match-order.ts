/**
 * The segments of `sort=match`: the cards carrying the most of the caller's skills first, then
 * fewer, then none, each segment newest first (page-order.ts orders within it). The work is one
 * pass over each skill's posting list cut to the cards, so it is bounded by the postings of the
 * caller's skills (a profile names at most a few dozen), never by a sort of the whole match set.
 */
import { andNotDocs } from './bitmap.ts'
import { DocList, filterList, toBitmap, type DocSet } from './doc-set.ts'
import type { SearchIndex } from './search-index.ts'

export function matchTiers(index: SearchIndex, cards: DocSet, skills: readonly string[]): DocSet[] {
  const scores = new Map<number, number>()
  for (const skill of new Set(skills)) {
    const postings = index.postingsOf('skills', skill)
    if (!postings) continue
    for (const doc of filterList(postings, cards).docs) scores.set(doc, (scores.get(doc) ?? 0) + 1)
  }
  if (scores.size === 0) return [cards]
  const byScore = new Map<number, number[]>()
  for (const [doc, score] of scores) {
    const tier = byScore.get(score)
    if (tier) tier.push(doc)
    else byScore.set(score, [doc])
  }
  const tiers = [...byScore.entries()].sort(([a], [b]) => b - a).map(([, docs]) => new DocList(Uint32Array.from(docs).sort()))
  const scored = Uint32Array.from(scores.keys()).sort()
  let rest: DocSet
  if (cards instanceof DocList) rest = filterList(cards.docs, new DocList(scored), false)
  else {
    // toBitmap hands back the cached set itself: the rest is cut from a copy.
    const copy = toBitmap(cards, index.words).slice()
    andNotDocs(copy, scored)
    rest = copy
  }
  return [...tiers, rest]
}
