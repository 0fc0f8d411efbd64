import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { sessionHeaders, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { resumeCorpus, scoreParse } from './corpus.ts'

test('résumé corpus: 24 layouts and languages uploaded through PUT /me/resume parse field by field', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const corpus = resumeCorpus()
  assert.ok(corpus.length >= 20)
  let correct = 0
  let total = 0
  for (const entry of corpus) {
    let body: FormData | string
    let headers: Record<string, string>
    if (entry.file) {
      body = new FormData()
      body.append('file', new Blob([new Uint8Array(entry.file)]), `${entry.name}.upload`)
      headers = { cookie: user.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }
    } else {
      body = JSON.stringify({ text: entry.text })
      headers = sessionHeaders(user.cookie)
    }
    const res = await call('/api/v1/me/resume', { method: 'PUT', headers, body })
    assert.equal(res.status, 200, entry.name)
    assert.equal(res.body.data.parse_status, 'ready', entry.name)
    const score = scoreParse(res.body.data.structured, entry.truth)
    assert.ok(score.correct >= score.total - 2, `${entry.name}: missed ${score.misses.join(', ')}`)
    correct += score.correct
    total += score.total
  }
  assert.ok(correct / total >= 0.95, `field accuracy ${correct}/${total}`)
})
