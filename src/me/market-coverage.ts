/**
 * Market coverage: how much of a filtered market a skill set reaches, computed in one pass over the
 * market's documents in the search index (typed arrays, no allocation per posting), so it stays
 * within tens of milliseconds at a million postings.
 *
 * - A posting is covered when the caller has at least `postingPercent`% of the skills it names
 *   (a posting naming none is covered: nothing it asks for is missing).
 * - A skill is a must-have when at least `mustHavePercent`% of the market's postings name it.
 * - A gap is a missing skill that alone would turn uncovered postings into covered ones.
 * - A bundle is a pair of missing skills that together (and only together) would do so.
 */
export interface CoverageIndex {
  /** Market documents as a bitmap (bit d = document d). */
  market: Uint32Array
  /** Skills of document d: skillCodes[skillOffsets[d] .. skillOffsets[d + 1]). */
  skillOffsets: Uint32Array
  skillCodes: Uint32Array
  /** Skill slug by code. */
  skillNames: readonly string[]
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
/** Postings missing more skills than this contribute no bundle (keeps the pass linear). */
const BUNDLE_MAX_MISSING = 8

export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole))

/** `skills` are canonical slugs, deduplicated, in the caller's order. */
export function computeCoverage(index: CoverageIndex, skills: readonly string[], options: CoverageOptions): CoverageResult {
  const { market, skillOffsets, skillCodes, skillNames } = index
  const skillCount = skillNames.length
  const codeOf = new Map(skillNames.map((name, code) => [name, code]))
  const has = new Uint8Array(skillCount)
  for (const skill of skills) {
    const code = codeOf.get(skill)
    if (code !== undefined) has[code] = 1
  }
  const frequency = new Uint32Array(skillCount)
  const unlocks = new Uint32Array(skillCount)
  const pairs = new Map<number, number>()
  const missing = new Uint32Array(BUNDLE_MAX_MISSING)
  let total = 0
  let covered = 0
  for (let word = 0; word < market.length; word++) {
    let bits = market[word]!
    while (bits !== 0) {
      const low = bits & -bits
      const doc = (word << 5) + 31 - Math.clz32(low)
      bits ^= low
      total++
      const start = skillOffsets[doc]!
      const end = skillOffsets[doc + 1]!
      let owned = 0
      for (let i = start; i < end; i++) {
        const code = skillCodes[i]!
        frequency[code]!++
        owned += has[code]!
      }
      const short = Math.ceil(((end - start) * options.postingPercent) / 100) - owned
      if (short <= 0) {
        covered++
      } else if (short === 1) {
        for (let i = start; i < end; i++) if (!has[skillCodes[i]!]) unlocks[skillCodes[i]!]!++
      } else if (short === 2 && end - start - owned <= BUNDLE_MAX_MISSING) {
        let m = 0
        for (let i = start; i < end; i++) if (!has[skillCodes[i]!]) missing[m++] = skillCodes[i]!
        for (let a = 0; a < m; a++) {
          for (let b = a + 1; b < m; b++) {
            const key = Math.min(missing[a]!, missing[b]!) * skillCount + Math.max(missing[a]!, missing[b]!)
            pairs.set(key, (pairs.get(key) ?? 0) + 1)
          }
        }
      }
    }
  }
  return summarize({ skills, skillNames, codeOf, frequency, unlocks, pairs, total, covered, options })
}

interface Tally {
  skills: readonly string[]
  skillNames: readonly string[]
  codeOf: Map<string, number>
  frequency: Uint32Array
  unlocks: Uint32Array
  pairs: Map<number, number>
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
  const bundles = [...t.pairs.entries()]
    .map(([key, count]) => ({
      skills: [t.skillNames[Math.floor(key / t.skillNames.length)]!, t.skillNames[key % t.skillNames.length]!].sort() as [string, string],
      new_vacancies: count,
      unlock_percent: percent(count, t.total),
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

function share(frequency: number, total: number): string {
  const value = percent(frequency, total)
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
