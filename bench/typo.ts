/**
 * Typo correction alone, on the catalogue's own dictionary: candidates from the letter-pair index
 * (src/search/typo-index.ts) against the full scan of every term that preceded it, for misspellings
 * (two inner letters swapped) of 20 common words of 5 to 12 letters. Both find the same corrections.
 */
import type { DB } from '../src/db/connection.ts'
import { TypoIndex } from '../src/search/typo-index.ts'
import { editDistance } from '../src/search/typo.ts'

function nearest(word: string, max: number, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = max + 1
  for (const term of candidates) {
    const distance = editDistance(word, term, Math.min(max, bestDistance))
    if (distance < bestDistance) {
      best = term
      bestDistance = distance
    }
  }
  return best
}

/** Pronounceable made-up words, deterministic: a stand-in for the long tail of a real catalogue's vocabulary. */
function madeUpWords(count: number): string[] {
  const syllables = ['ka', 'ro', 'mi', 'te', 'sun', 'vel', 'or', 'in', 'da', 'lex', 'pra', 'cto', 'ne', 'ti', 'ble', 'mon', 'gra', 'ph', 'ist', 'ure']
  let state = 26
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32
  const out = new Set<string>()
  while (out.size < count) {
    let word = ''
    const length = 2 + Math.floor(next() * 4)
    for (let i = 0; i < length; i++) word += syllables[Math.floor(next() * syllables.length)]
    out.add(word)
  }
  return [...out]
}

export function runTypoBench(db: DB, report: (label: string, samples: number[]) => void): void {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_vocab USING fts5vocab(main, 'jobs_fts', 'row')")
  const vocabulary = db.prepare('SELECT term FROM temp.bench_vocab').pluck().all() as string[]
  const common = db.prepare("SELECT term FROM temp.bench_vocab WHERE length(term) BETWEEN 5 AND 12 AND term NOT GLOB '*[^a-z]*' ORDER BY doc DESC LIMIT 20").pluck().all() as string[]
  const typos = common.map((word) => word.slice(0, 2) + word[3] + word[2] + word.slice(4))
  // The seeded catalogue's vocabulary is small (its text comes from templates); a real one has a long tail.
  for (const terms of [vocabulary, [...new Set([...vocabulary, ...madeUpWords(300_000)])]]) measure(terms, typos, report)
}

function measure(terms: string[], typos: string[], report: (label: string, samples: number[]) => void): void {
  const letters = terms.filter((term) => /^\p{L}+$/u.test(term))
  const size = `${terms.length.toLocaleString('en')} terms`
  let started = performance.now()
  const index = new TypoIndex(terms)
  report(`typo, ${size}: build the letter-pair index (once)`, [performance.now() - started])
  const viaIndex: number[] = []
  const viaScan: number[] = []
  for (const typo of typos) {
    const max = typo.length >= 9 ? 2 : 1
    started = performance.now()
    const found = nearest(typo, max, index.candidates(typo, max))
    viaIndex.push(performance.now() - started)
    started = performance.now()
    const scanned = nearest(typo, max, letters.filter((term) => Math.abs(term.length - typo.length) <= max))
    viaScan.push(performance.now() - started)
    if (found !== scanned) throw new Error(`typo bench: ${typo} -> ${found} by the index, ${scanned} by the scan`)
  }
  report(`typo, ${size}: correct a misspelt common word, letter-pair index`, viaIndex)
  report(`typo, ${size}: the same by a scan of the dictionary (before)`, viaScan)
}
