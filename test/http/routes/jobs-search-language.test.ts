import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

// Dated one day apart, in list order from newest: ties inside a tier go newest first.
const postings: [title: string, description: string][] = [
  ['JavaScript Developer', 'Browser apps.'],
  ['Network Administrator', 'Cisco networks and firewalls.'],
  ['Go Developer', 'We build services.'],
  ['Golang Backend Engineer', 'Services written in golang.'],
  ['.NET Developer', 'C# and .NET Core services.'],
  ['Senior Data Engineer', 'Data pipelines at scale.'],
  ['Data Engineer', 'Spark for the data team.'],
  ['Engineer, Data Platform', 'An engineer for data tooling.'],
  ['Frontend Developer', 'React interfaces.'],
  ['Front-End Engineer', 'Vue interfaces.'],
  ['Machine Learning Engineer', 'Ranking models.'],
  ['Platform Engineer', 'k8s clusters and AWS S3 buckets.'],
  ['Java Developer', 'Spring services.'],
  ['Node.js Developer', 'APIs in node.js.'],
  ['PostgreSQL DBA', 'Tuning databases.'],
  ['Site Reliability Engineer', 'Kubernetes on call.'],
]

const { get } = createTestApp({
  jobs: postings.map(([title, descriptionText], i) =>
    fixtureJob({ title, descriptionText, company: { slug: `co-${i}`, name: `Company ${i}` }, postedAt: new Date(Date.UTC(2026, 10, 20 - i)).toISOString() }),
  ),
})

async function search(q: string, extra = '') {
  const { status, body } = await get(`/api/v1/jobs/search?limit=50&q=${encodeURIComponent(q)}${extra}`)
  assert.equal(status, 200, JSON.stringify(body))
  return { titles: body.data.map((job: { title: string }) => job.title) as string[], meta: body.meta, data: body.data }
}

test('aliases: golang finds Go jobs and go finds golang ones, the word as typed ranking first', async () => {
  assert.deepEqual((await search('golang')).titles, ['Golang Backend Engineer', 'Go Developer'])
  const go = await search('go developer')
  assert.equal(go.titles[0], 'Go Developer')
  assert.equal(go.meta.did_you_mean, undefined, 'an alias is not a correction')
  assert.deepEqual((await search('golang engineer')).titles, ['Golang Backend Engineer'])
})

test('aliases from the curated list and the skill dictionary', async () => {
  // Matched as typed first, then through the alias.
  assert.deepEqual((await search('k8s')).titles, ['Platform Engineer', 'Site Reliability Engineer'])
  assert.deepEqual((await search('kubernetes')).titles, ['Site Reliability Engineer', 'Platform Engineer'])
  assert.deepEqual((await search('postgres')).titles, ['PostgreSQL DBA'])
  assert.deepEqual((await search('ml')).titles, ['Machine Learning Engineer'])
  assert.deepEqual((await search('amazon web services')).titles, ['Platform Engineer'])
  assert.deepEqual((await search('nodejs')).titles, ['Node.js Developer'])
  for (const q of ['front-end', 'frontend', 'front end', 'FRONT-END']) {
    assert.deepEqual((await search(q)).titles.filter((title) => title.startsWith('Front')).sort(), ['Front-End Engineer', 'Frontend Developer'], q)
  }
})

test('.net finds .NET postings and never Network Administrator; dotnet is the same skill', async () => {
  assert.deepEqual((await search('.net')).titles, ['.NET Developer'])
  assert.deepEqual((await search('.NET developer')).titles, ['.NET Developer'])
  assert.deepEqual((await search('dotnet')).titles, ['.NET Developer'])
})

test('technology names with digits or symbols are matched whole and never corrected', async () => {
  for (const [q, titles] of [['s3', ['Platform Engineer']], ['c#', ['.NET Developer']], ['node.js', ['Node.js Developer']], ['c++', []], ['s4', []]] as const) {
    const result = await search(q)
    assert.deepEqual(result.titles, titles, q)
    assert.equal(result.meta.did_you_mean, undefined, q)
  }
})

test('a phrase matches its words in a row; -word excludes', async () => {
  assert.deepEqual((await search('"data engineer"')).titles, ['Senior Data Engineer', 'Data Engineer'])
  assert.deepEqual((await search('"data engineer" -senior')).titles, ['Data Engineer'])
  assert.deepEqual((await search('engineer -"data platform" -data')).titles.includes('Engineer, Data Platform'), false)
  assert.deepEqual((await search('data engineer')).titles, ['Senior Data Engineer', 'Data Engineer', 'Engineer, Data Platform'])
  assert.deepEqual((await search('developer -java -javascript -go -.net -node.js')).titles, ['Frontend Developer'])
  const facets = await get(`/api/v1/jobs/facets?q=${encodeURIComponent('"data engineer" -senior')}`)
  assert.equal(facets.body.data.total, 1, 'facet counts follow phrases and exclusions')
})

test('exact words rank above prefix matches: java puts Java Developer before the newer JavaScript Developer', async () => {
  assert.deepEqual((await search('java')).titles, ['Java Developer', 'JavaScript Developer'])
  assert.deepEqual((await search('java', '&sort=posted_at')).titles, ['JavaScript Developer', 'Java Developer'])
})

test('a correction brings its aliases along', async () => {
  const result = await search('kubernets')
  assert.equal(result.meta.did_you_mean, 'kubernetes')
  // The correction ranks as typed, its alias after it.
  assert.deepEqual(result.titles, ['Site Reliability Engineer', 'Platform Engineer'])
})

test('highlight=true lists the matched words of each posting, typed, completed, alias or corrected; off by default', async () => {
  const plain = await search('golang services')
  assert.equal('matched_terms' in plain.data[0], false)
  const lit = await search('golang services', '&highlight=true')
  assert.deepEqual(lit.data.map((job: { title: string; matched_terms: string[] }) => [job.title, job.matched_terms]), [
    ['Golang Backend Engineer', ['golang', 'services']],
    ['Go Developer', ['go', 'services']],
  ])
  const phrase = await search('"data engineer" -senior tea', '&highlight=1')
  assert.deepEqual(phrase.data.map((job: { matched_terms: string[] }) => job.matched_terms), [['data engineer', 'team']], 'an excluded word is never listed')
  const corrected = await search('kubernets', '&highlight=true')
  assert.deepEqual(corrected.data.map((job: { matched_terms: string[] }) => job.matched_terms), [['kubernetes'], ['k8s']])
  const agent = await get(`/api/v1/agent/jobs/search?q=${encodeURIComponent('"data engineer" spark')}&highlight=true&description_format=text`)
  assert.equal(agent.status, 200)
  assert.deepEqual(agent.body.data.map((job: { matched_terms: string[] }) => job.matched_terms), [['data engineer', 'spark']])
  const bad = await get('/api/v1/jobs/search?q=go&highlight=maybe')
  assert.equal(bad.status, 400)
  assert.match(bad.body.error, /highlight/)
})
