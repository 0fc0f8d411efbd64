import { test } from 'node:test'
import assert from 'node:assert/strict'
import { buildCorpus } from './corpus/index.ts'
import { runCorpus, score } from './corpus/evaluate.ts'
import { LABELS } from '../../src/inbox/labels.ts'
import { ATS_DOMAINS } from '../../src/inbox/phrases.ts'

test('the labelled corpus covers every label, six languages, several ATS senders, forwards and replies', () => {
  const corpus = buildCorpus()
  assert.ok(corpus.length >= 150, `${corpus.length} messages`)
  for (const label of LABELS) assert.ok(corpus.filter((c) => c.label === label).length >= 10, label)
  assert.deepEqual([...new Set(corpus.map((c) => c.lang))].sort(), ['de', 'en', 'es', 'fr', 'nl', 'ru'])
  const atsSenders = new Set(corpus.filter((c) => c.kind === 'ats').map((c) => String(c.mail.from).match(/@([^>]+)>/)![1]))
  assert.ok(atsSenders.size >= 5, [...atsSenders].join(', '))
  for (const domain of atsSenders) assert.ok(ATS_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`)), domain)
  for (const kind of ['forwarded', 'reply'] as const) assert.ok(corpus.filter((c) => c.kind === kind).length >= 20, kind)
  assert.ok(corpus.some((c) => c.ics))
})

test('triage and linking on the corpus, through the real ingest path: macro precision at least 0.9, no false links', async () => {
  const scores = score(await runCorpus())
  assert.ok(scores.macroPrecision >= 0.9, `macro precision ${scores.macroPrecision}`)
  assert.equal(scores.linking.falseLinks, 0)
  assert.ok(scores.linking.autoPrecision >= 0.95, `auto-link precision ${scores.linking.autoPrecision}`)
  const heldOut = score(await runCorpus('held-out'))
  assert.ok(heldOut.macroPrecision >= 0.9, `held-out macro precision ${heldOut.macroPrecision}`)
})
