/**
 * Market coverage: how much of a filtered market a skill set reaches. Built for a million postings:
 * the caller's skills are counted per posting from their posting lists, the market is walked once
 * reading only the postings that are one or two skills short, and per-skill market frequencies
 * come from the posting lists minus whichever side of the market is smaller.
 *
 * - A posting is covered when the caller has at least `postingPercent`% of the skills it names
 *   (a posting naming none is covered: nothing it asks for is missing).
 * - A skill is a must-have when at least `mustHavePercent`% of the market's postings name it.
 * - A gap is a missing skill that alone would turn uncovered postings into covered ones.
 * - A bundle is a pair of missing skills that together (and only together) would do so.
 */
import { marketFrequency, ownedSkills, popcount } from './coverage-counts.ts'

export interface CoverageIndex {
  /** Market documents as a bitmap (bit d = document d); a subset of `live`. */
  market: Uint32Array
  live: Uint32Array
  /** Skills of document d: skillCodes[skillOffsets[d] .. skillOffsets[d + 1]). */
  skillOffsets: Uint32Array
  skillCodes: Uint32Array
  /** Skill slug by code. */
  skillNames: readonly string[]
  /** Live documents naming each skill code. */
  skillPostings: readonly Uint32Array[]
}

export interface CoverageOptions {
  mustHavePercent: number
  postingPercent: number
}

export type SkillStatus = 'covered' | 'partial' | 'missing'

export interface CoverageResult {
  total: number
  covered: number
  coverage_percent: number
  gaps: { name: string; new_vacancies: number; unlock_percent: number }[]
  skills: { name: string; market_frequency: number; must_have: boolean; status: SkillStatus; advice: string }[]
  must_have_total: number
  must_have_covered: number
  stack_match_percent: number
  bundles: { skills: [string, string]; new_vacancies: number; unlock_percent: number }[]
}

const GAP_LIMIT = 10
const BUNDLE_LIMIT = 10
/** Postings missing more skills than this contribute no bundle (bounds the pairs counted per posting). */
const BUNDLE_MAX_MISSING = 4
const BUNDLE_CANDIDATES = 256

export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole))

/** `skills` are canonical slugs, deduplicated, in the caller's order. */
export function computeCoverage(index: CoverageIndex, skills: readonly string[], options: CoverageOptions): CoverageResult {
  const { market, skillOffsets, skillCodes, skillNames } = index
  const codeOf = new Map(skillNames.map((name, code) => [name, code]))
  const has = new Uint8Array(skillNames.length)
  const callerCodes: number[] = []
  for (const skill of skills) {
    const code = codeOf.get(skill)
    if (code === undefined || has[code]) continue
    has[code] = 1
    callerCodes.push(code)
  }
  const total = popcount(market)
  const owned = ownedSkills(index, has, callerCodes, total)
  const frequency = marketFrequency(index, total)
  const bundles = bundleCandidates(frequency, has)
  const slots = bundles.slots
  const postingPercent = options.postingPercent
  // One row per candidate actually present: a small catalogue gets a small, cache-friendly table.
  const stride = bundles.codes.length
  const pairCounts = new Uint32Array(stride * stride)
  const present = new Int32Array(BUNDLE_MAX_MISSING)
  const unlocks = new Uint32Array(skillNames.length)
  // Skills a posting naming k skills needs the caller to have; k is small, so a table spares the division.
  const needed = Uint32Array.from({ length: 64 }, (_, k) => Math.ceil((k * postingPercent) / 100))
  let covered = 0
  for (let word = 0; word < market.length; word++) {
    let bits = market[word]!
    while (bits !== 0) {
      const low = bits & -bits
      const doc = (word << 5) + 31 - Math.clz32(low)
      bits ^= low
      const start = skillOffsets[doc]!
      const end = skillOffsets[doc + 1]!
      const k = end - start
      const short = (k < 64 ? needed[k]! : Math.ceil((k * postingPercent) / 100)) - owned[doc]!
      if (short <= 0) {
        covered++
      } else if (short === 1) {
        for (let i = start; i < end; i++) if (!has[skillCodes[i]!]) unlocks[skillCodes[i]!]!++
      } else if (short === 2 && k - owned[doc]! <= BUNDLE_MAX_MISSING) {
        let m = 0
        for (let i = start; i < end; i++) {
          const slot = slots[skillCodes[i]!]!
          if (slot >= 0) present[m++] = slot
        }
        for (let x = 0; x < m; x++) {
          for (let y = x + 1; y < m; y++) {
            const a = present[x]!
            const b = present[y]!
            pairCounts[a < b ? a * stride + b : b * stride + a]!++
          }
        }
      }
    }
  }
  const pairs: Pair[] = []
  for (let a = 0; a < bundles.codes.length; a++) {
    for (let b = a + 1; b < bundles.codes.length; b++) {
      const count = pairCounts[a * stride + b]!
      if (count > 0) pairs.push({ a: bundles.codes[a]!, b: bundles.codes[b]!, count })
    }
  }
  return summarize({ skills, skillNames, codeOf, frequency, unlocks, pairs, total, covered, options })
}

interface Pair {
  a: number
  b: number
  count: number
}

/**
 * Bundles are counted among the BUNDLE_CANDIDATES skills the caller lacks that the market names
 * most, in a fixed table rather than a hash of every pair. A pair occurs in no more postings than
 * either of its skills, so every pair counted more often than the least named candidate is exact;
 * with this many candidates that covers every pair worth reporting (and the whole vocabulary of a
 * catalogue with fewer skills). `slots` maps a skill code to its table row (-1: not a candidate,
 * including every skill the caller has).
 */
function bundleCandidates(frequency: Uint32Array, has: Uint8Array): { codes: number[]; slots: Int16Array } {
  const codes = [...frequency.keys()]
    .filter((code) => frequency[code]! > 0 && !has[code])
    .sort((a, b) => frequency[b]! - frequency[a]! || a - b)
    .slice(0, BUNDLE_CANDIDATES)
  const slots = new Int16Array(frequency.length).fill(-1)
  codes.forEach((code, slot) => (slots[code] = slot))
  return { codes, slots }
}

interface Tally {
  skills: readonly string[]
  skillNames: readonly string[]
  codeOf: Map<string, number>
  frequency: Uint32Array
  unlocks: Uint32Array
  pairs: Pair[]
  total: number
  covered: number
  options: CoverageOptions
}

function summarize(t: Tally): CoverageResult {
  const mustHave = (code: number) => t.frequency[code]! > 0 && t.frequency[code]! * 100 >= t.options.mustHavePercent * t.total
  const callerCodes = new Set(t.skills.map((skill) => t.codeOf.get(skill)).filter((code) => code !== undefined))
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

  const gaps = [...t.unlocks.keys()]
    .filter((code) => t.unlocks[code]! > 0)
    .map((code) => ({ name: t.skillNames[code]!, new_vacancies: t.unlocks[code]!, unlock_percent: percent(t.unlocks[code]!, t.total) }))
    .sort((a, b) => b.new_vacancies - a.new_vacancies || byName(a, b))
    .slice(0, GAP_LIMIT)

  const yours = t.skills.map((name) => {
    const code = t.codeOf.get(name)
    const frequency = code === undefined ? 0 : t.frequency[code]!
    const core = code !== undefined && mustHave(code)
    const status: SkillStatus = core ? 'covered' : 'partial'
    return { name, market_frequency: frequency, must_have: core, status, advice: advise(status, frequency, t.total, 0) }
  })
  const lacking = [...t.frequency.keys()]
    .filter((code) => !callerCodes.has(code) && mustHave(code))
    .sort((a, b) => t.frequency[b]! - t.frequency[a]! || byName({ name: t.skillNames[a]! }, { name: t.skillNames[b]! }))
    .map((code) => {
      const name = t.skillNames[code]!
      const frequency = t.frequency[code]!
      return { name, market_frequency: frequency, must_have: true, status: 'missing' as const, advice: advise('missing', frequency, t.total, t.unlocks[code]!) }
    })

  const mustHaveCovered = yours.filter((skill) => skill.must_have).length
  const mustHaveTotal = mustHaveCovered + lacking.length
  // Only pairs as frequent as the BUNDLE_LIMIT-th are sorted (by count, then names): ties stay deterministic.
  const counts = t.pairs.map((pair) => pair.count).sort((a, b) => b - a)
  const floor = counts[Math.min(BUNDLE_LIMIT, counts.length) - 1] ?? 0
  const bundles = t.pairs
    .filter((pair) => pair.count >= floor)
    .map((pair) => ({
      skills: [t.skillNames[pair.a]!, t.skillNames[pair.b]!].sort() as [string, string],
      new_vacancies: pair.count,
      unlock_percent: percent(pair.count, t.total),
    }))
    .sort((a, b) => b.new_vacancies - a.new_vacancies || byName({ name: a.skills.join() }, { name: b.skills.join() }))
    .slice(0, BUNDLE_LIMIT)

  return {
    total: t.total,
    covered: t.covered,
    coverage_percent: percent(t.covered, t.total),
    gaps,
    skills: [...yours, ...lacking],
    must_have_total: mustHaveTotal,
    must_have_covered: mustHaveCovered,
    stack_match_percent: percent(mustHaveCovered, mustHaveTotal),
    bundles,
  }
}

/** Rounded down, so a skill just under the must-have share never reads as reaching it. */
function share(frequency: number, total: number): string {
  const value = total === 0 ? 0 : Math.floor((100 * frequency) / total)
  return value === 0 && frequency > 0 ? 'under 1%' : `${value}%`
}

/** One deterministic sentence per skill: what the market thinks of it and what to do. */
function advise(status: SkillStatus, frequency: number, total: number, unlocks: number): string {
  if (status === 'covered') return `Core skill in this market (${share(frequency, total)} of postings ask for it): keep it prominent.`
  if (status === 'missing') {
    const gain = unlocks > 0 ? `; adding it would open ${unlocks} more posting${unlocks === 1 ? '' : 's'} to you` : ''
    return `Must-have you do not list (${share(frequency, total)} of postings ask for it)${gain}.`
  }
  if (frequency === 0) return 'No posting in this market asks for it: it does not help here.'
  return `Asked for by ${share(frequency, total)} of postings: a plus for some roles, not a must-have here.`
}
