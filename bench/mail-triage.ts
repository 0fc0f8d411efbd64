/**
 * Mail triage and linking on the labelled corpus (test/inbox/corpus/): precision and recall per
 * label, macro precision, and how mail is linked to applications. `npm run bench:mail` prints the
 * table for the corpus and for held-out mail the phrase lists were never changed for; `-- --misses`
 * also lists every disagreement. Figures are recorded in bench/RESULTS.md.
 *
 * Linking: `auto` links are the matcher's certain ones (precision = right / made); a suggestion
 * waits for the user; linking accuracy counts a message right when its link or suggestion names the
 * posting it belongs to, or when mail about no application is left unlinked.
 */
import { runCorpus, score } from '../test/inbox/corpus/evaluate.ts'

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

async function report(set: 'main' | 'held-out') {
  const outcomes = await runCorpus(set)
  const s = score(outcomes)
  const langs = [...new Set(outcomes.map((o) => o.item.lang))]
  console.log(`\n## ${set === 'main' ? 'Corpus' : 'Held-out mail'}: ${s.total} labelled messages (${langs.join(', ')})\n`)
  console.log('| label | labelled | predicted | precision | recall |')
  console.log('|---|---:|---:|---:|---:|')
  for (const l of s.labels) console.log(`| ${l.label} | ${l.labelled} | ${l.predicted} | ${pct(l.precision)} | ${pct(l.recall)} |`)
  console.log(`\nmacro precision ${pct(s.macroPrecision)}, macro recall ${pct(s.macroRecall)}, accuracy ${pct(s.accuracy)} (unclassified counts as wrong)`)
  console.log(`per language: ${langs.map((lang) => { const mine = outcomes.filter((o) => o.item.lang === lang); return `${lang} ${mine.filter((o) => o.label === o.item.label).length}/${mine.length}` }).join(', ')}`)
  const kinds = [...new Set(outcomes.map((o) => o.item.kind))]
  console.log(`per kind: ${kinds.map((kind) => { const mine = outcomes.filter((o) => o.item.kind === kind); return `${kind} ${mine.filter((o) => o.label === o.item.label).length}/${mine.length}` }).join(', ')}`)
  const k = s.linking
  console.log(`\nlinking: ${k.autoLinks} auto links (${k.autoCorrect} right, precision ${pct(k.autoPrecision)}), ${k.suggestions} suggestions (${k.suggestionsCorrect} right), ${k.missed} application mails left unlinked, ${k.falseLinks} false links of unrelated mail`)
  console.log(`linking accuracy ${pct(k.accuracy)}`)
  if (process.argv.includes('--misses')) {
    console.log('\nmisses:')
    for (const o of outcomes) {
      const labelMiss = o.label !== o.item.label
      const linkMiss = o.item.posting === null ? o.linked !== null || o.suggested !== null : o.linked !== o.item.posting && o.suggested !== o.item.posting
      if (labelMiss || linkMiss) console.log(`  ${o.item.id} ${o.item.kind} | ${o.item.label} -> ${o.label} | ${o.item.posting} -> ${o.linked ?? (o.suggested ? `?${o.suggested}` : '-')} | ${o.item.mail.subject}`)
    }
  }
}

await report('main')
await report('held-out')
