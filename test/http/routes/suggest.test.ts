import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { applySuggestion } from '../../../src/web/suggestion.ts'
import type { JobRecord } from '../../../src/catalogue/job-record.ts'

const skill = (slug: string, name: string) => ({ slug, name })
const go = skill('go', 'Go')
const python = skill('python', 'Python')
const kubernetes = skill('kubernetes', 'Kubernetes')

const times = (n: number, job: () => JobRecord) => Array.from({ length: n }, job)

function catalogue() {
  return createTestApp({ jobs: [
    ...times(3, () => fixtureJob({ title: 'Senior Backend Engineer', category: 'backend', skills: [go, kubernetes] })),
    ...times(2, () => fixtureJob({ title: 'Backend Developer', category: 'backend', skills: [python], company: { slug: 'globex', name: 'Globex' } })),
    fixtureJob({ title: 'Frontend Engineer', category: 'frontend', skills: [skill('react', 'React')] }),
    fixtureJob({ title: 'Data Engineer', category: 'data_engineering', role: 'data-engineer', skills: [python, kubernetes], company: { slug: 'pythonic', name: 'Pythonic Labs' } }),
    fixtureJob({ title: 'Golang Platform Engineer', category: 'devops', skills: [go], closedAt: '2026-11-10T00:00:00.000Z' }),
  ] })
}

const texts = (body: { data: { text: string }[] }) => body.data.map((row) => row.text)

test('GET /suggest completes the fragment over titles, skills, categories and companies, most postings first', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/suggest?q=pyth')
  assert.equal(status, 200)
  assert.equal(body.meta, undefined)
  assert.deepEqual(body.data[0], { text: 'Python', parts: [{ kind: 'skill', slug: 'python', text: 'Python' }], jobs: 3 })
  assert.deepEqual(body.data[1], { text: 'Pythonic Labs', parts: [{ kind: 'company', slug: 'pythonic', text: 'Pythonic Labs' }], jobs: 1 })
  const back = await get('/api/v1/suggest?q=back')
  assert.deepEqual(texts(back.body).slice(0, 3), ['Backend', 'Senior Backend Engineer', 'Backend Developer'])
  assert.deepEqual(back.body.data[0].parts, [{ kind: 'category', slug: 'backend', text: 'Backend' }])
  assert.equal(back.body.data[0].jobs, 5)
})

test('GET /suggest completes a phrase: earlier words exact, the last one a prefix', async () => {
  const { get } = catalogue()
  const { body } = await get('/api/v1/suggest?q=senior%20backend%20eng')
  assert.deepEqual(body.data, [{ text: 'Senior Backend Engineer', parts: [{ kind: 'title', text: 'Senior Backend Engineer' }], jobs: 3 }])
})

test('GET /suggest tolerates a typo in the fragment being typed', async () => {
  const { get } = catalogue()
  assert.equal(texts((await get('/api/v1/suggest?q=kubernets')).body)[0], 'Kubernetes')
  assert.equal(texts((await get('/api/v1/suggest?q=pyhton')).body)[0], 'Python')
  assert.equal(texts((await get('/api/v1/suggest?q=bakcend')).body)[0], 'Backend')
})

test('GET /suggest composes a named value with the completion of the rest, counting postings with both', async () => {
  const { get } = catalogue()
  const { body } = await get('/api/v1/suggest?q=python%20back&limit=10')
  const composed = body.data.find((row: { text: string }) => row.text === 'Python Backend')
  assert.deepEqual(composed, {
    text: 'Python Backend',
    parts: [{ kind: 'skill', slug: 'python', text: 'Python' }, { kind: 'category', slug: 'backend', text: 'Backend' }],
    jobs: 2,
  })
  const none = await get('/api/v1/suggest?q=react%20back&limit=10')
  assert.ok(!texts(none.body).includes('React Backend'), 'a combination without postings is not suggested')
})

test('GET /suggest never returns a row without open postings', async () => {
  const { get } = catalogue()
  const { body } = await get('/api/v1/suggest?q=golang')
  assert.deepEqual(body.data, [])
  const all = await get('/api/v1/suggest?q=e&limit=20')
  assert.ok(all.body.data.length > 0)
  assert.ok(all.body.data.every((row: { jobs: number }) => row.jobs > 0))
})

test('GET /suggest: limit 1..20, default 5, anything else falls back to the default; empty q gives no rows', async () => {
  const { get } = catalogue()
  assert.equal((await get('/api/v1/suggest?q=e')).body.data.length, 5)
  assert.equal((await get('/api/v1/suggest?q=e&limit=2')).body.data.length, 2)
  for (const limit of ['0', '21', '500', 'abc', '-3']) {
    const { status, body } = await get(`/api/v1/suggest?q=e&limit=${limit}`)
    assert.equal(status, 200, limit)
    assert.equal(body.data.length, 5, limit)
  }
  assert.deepEqual((await get('/api/v1/suggest')).body, { data: [] })
  assert.deepEqual((await get('/api/v1/suggest?q=%20%20')).body, { data: [] })
})

test('GET /suggest finds a skill by its short name', async () => {
  const { get } = catalogue()
  const { body } = await get('/api/v1/suggest?q=k8s')
  assert.deepEqual(body.data[0], { text: 'Kubernetes', parts: [{ kind: 'skill', slug: 'kubernetes', text: 'Kubernetes' }], jobs: 4 })
  assert.equal(body.data.filter((row: { text: string }) => row.text === 'Kubernetes').length, 1)
})

test('GET /suggest completes a phrase whose last word is common to many names', async () => {
  const jobs = Array.from({ length: 80 }, (_, i) => fixtureJob({ title: `Engineer ${i}`, company: { slug: `c${i}`, name: `Engineer Company ${i}` } }))
  const { get } = createTestApp({ jobs: [...jobs, fixtureJob({ title: 'Quantum Firmware Engineer' })] })
  const { body } = await get('/api/v1/suggest?q=quantum%20firmware%20eng')
  assert.deepEqual(body.data, [{ text: 'Quantum Firmware Engineer', parts: [{ kind: 'title', text: 'Quantum Firmware Engineer' }], jobs: 1 }])
})

test('GET /suggest: every row counts exactly the results its pick shows (facet parts as filters, the rest as q)', async () => {
  const { get } = createTestApp({ jobs: [
    ...times(3, () => fixtureJob({ title: 'Senior Backend Engineer', category: 'backend', skills: [go, kubernetes] })),
    fixtureJob({ title: 'Backend Engineer', category: 'backend', skills: [python] }),
    ...times(2, () => fixtureJob({ title: 'Backend Engineer II', category: 'backend', skills: [go], company: { slug: 'globex', name: 'Globex' } })),
    fixtureJob({ title: 'Data Engineer', category: 'data_engineering', role: 'data-engineer', skills: [python, kubernetes] }),
  ] })
  let rows = 0
  for (const typed of ['back', 'backend eng', 'engineer', 'go back', 'glob', 'pyth', 'data']) {
    for (const row of (await get(`/api/v1/suggest?q=${encodeURIComponent(typed)}&limit=20`)).body.data) {
      const params = applySuggestion(new URLSearchParams(), row)
      const results = await get(`/api/v1/jobs/search?${params}&limit=1`)
      assert.equal(results.body.meta.total, row.jobs, `"${typed}" -> ${row.text} (${params})`)
      rows++
    }
  }
  assert.ok(rows >= 10)
  // The title row "Backend Engineer" counts the 6 postings the text finds, not the 1 with that exact title.
  const title = (await get('/api/v1/suggest?q=backend%20eng&limit=20')).body.data.find((row: { text: string; parts: { kind: string }[] }) => row.text === 'Backend Engineer' && row.parts[0]!.kind === 'title')
  assert.equal(title.jobs, 6)
})
