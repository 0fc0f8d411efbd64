/**
 * `npm run bench:resume`: résumé extraction over the generated corpus (test/resume/corpus.ts: 24
 * résumés, one- and two-column PDFs, DOCX, pasted text, two-page PDFs (eleven positions); English, German, French,
 * Spanish; four date styles). Prints field-level accuracy per layout and overall, and the time
 * per résumé (text extraction in its worker thread, as an upload reads it, + parse), warm, over several rounds.
 */
import { resumeCorpus, scoreParse } from '../test/resume/corpus.ts'
import { defaultConfig } from '../src/config.ts'
import { documentText } from '../src/resume/document.ts'
import { parseResume } from '../src/resume/parse.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const ms = (n: number) => n.toFixed(1)
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main(): Promise<void> {
  const corpus = resumeCorpus()
  const today = new Date('2026-01-01T00:00:00Z')
  const accuracy = new Map<string, { correct: number; total: number }>()
  const times = new Map<string, number[]>()
  for (let round = 0; round <= ROUNDS; round++) {
    for (const entry of corpus) {
      const started = performance.now()
      const text = entry.text ?? (await documentText(entry.file!, defaultConfig().documentReadTimeoutMs)).text
      const parsed = parseResume(text, today)
      const elapsed = performance.now() - started
      // Round 0 warms the PDF and DOCX readers up and scores accuracy; the rest are timed.
      if (round === 0) {
        const score = scoreParse(parsed.status === 'ready' ? parsed.structured : null, entry.truth)
        for (const key of [entry.layout, 'all']) {
          const sum = accuracy.get(key) ?? { correct: 0, total: 0 }
          accuracy.set(key, { correct: sum.correct + score.correct, total: sum.total + score.total })
        }
        if (score.misses.length) console.log(`  ${entry.name}: missed ${score.misses.join(', ')}`)
      } else for (const key of [entry.layout, 'all']) times.set(key, [...(times.get(key) ?? []), elapsed])
    }
  }
  console.log(`résumé corpus: ${corpus.length} résumés, ${ROUNDS} timed rounds`)
  console.log('layout       accuracy (fields)        p50 ms   p95 ms')
  for (const [key, { correct, total }] of accuracy) {
    const samples = times.get(key)!
    console.log(`${key.padEnd(12)} ${((100 * correct) / total).toFixed(1).padStart(5)}% (${correct}/${total})`.padEnd(37) + `${ms(percentile(samples, 50)).padStart(6)}   ${ms(percentile(samples, 95)).padStart(6)}`)
  }
}

await main()
