/**
 * `npm run bench:interpret`: exact-filter accuracy of POST /search/interpret's deterministic
 * reading on labelled sentences (bench/interpret-sentences.ts), per facet and per sentence, on the
 * development set and on the held-out set written after the rules. `--misses` prints every miss.
 */
import { interpretQuery } from '../src/search/interpret.ts'
import { DEVELOPMENT, HELD_OUT, type Labelled } from './interpret-sentences.ts'

type Reading = Map<string, string>

/** Each key's values as one comparable string: sorted, lowercase, accents folded; q as its set of words. */
function readingOf(query: string): Reading {
  const out: Reading = new Map()
  for (const [key, value] of new URLSearchParams(query.replace(/\+/g, '%2B'))) {
    const parts = key === 'q' ? value.split(/\s+/) : value.split(',')
    out.set(key, parts.map((part) => part.trim().toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')).filter(Boolean).sort().join(','))
  }
  return out
}

function predicted(sentence: string): Reading {
  const { q, filters } = interpretQuery(sentence)
  const pairs = Object.entries(filters).map(([key, value]) => `${key}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`)
  return readingOf([...pairs, ...(q ? [`q=${encodeURIComponent(q)}`] : [])].join('&'))
}

function score(name: string, set: Labelled[], showMisses: boolean) {
  const perKey = new Map<string, { right: number; seen: number }>()
  let exact = 0
  for (const [sentence, expected] of set) {
    const want = readingOf(expected)
    const got = predicted(sentence)
    let all = true
    for (const key of new Set([...want.keys(), ...got.keys()])) {
      const row = perKey.get(key) ?? { right: 0, seen: 0 }
      row.seen++
      if (want.get(key) === got.get(key)) row.right++
      else {
        all = false
        if (showMisses) console.log(`  miss ${key}: "${sentence}" want ${want.get(key) ?? '-'} got ${got.get(key) ?? '-'}`)
      }
      perKey.set(key, row)
    }
    if (all) exact++
  }
  console.log(`\n${name}: ${set.length} sentences, every filter right in ${exact} (${((100 * exact) / set.length).toFixed(1)}%)`)
  console.log('| facet | sentences naming it (labelled or read) | exact | accuracy |')
  console.log('|---|---|---|---|')
  for (const [key, row] of [...perKey].sort((a, b) => b[1].seen - a[1].seen)) console.log(`| ${key} | ${row.seen} | ${row.right} | ${((100 * row.right) / row.seen).toFixed(1)}% |`)
}

const showMisses = process.argv.includes('--misses')
score('development', DEVELOPMENT, showMisses)
score('held-out', HELD_OUT, showMisses)
