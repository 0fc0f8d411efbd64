import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

const skill = (slug: string) => ({ slug, name: slug })
const posting = (workMode: 'remote' | 'onsite', ...skills: string[]) => fixtureJob({ workMode, skills: skills.map(skill) })

const CV = [
  'Jane Doe',
  'Backend Engineer',
  'Berlin, Germany | jane@example.com | +49 30 1234567',
  'Summary',
  'Backend engineer building payment systems in Go for eight years.',
  'Experience',
  'Senior Backend Engineer — Acme GmbH | 03/2019 – present',
  '• Built payment APIs in Go serving 2M requests per day',
  '• Moved 30 services to Kubernetes with zero downtime',
  'Education',
  'M.Sc. Computer Science, TU Berlin, 2014',
  'Skills',
  'Go, Kubernetes, React Native',
  'Languages',
  'English (C1)',
].join('\n')

async function setup() {
  const app = createTestApp({
    jobs: [posting('remote', 'go', 'postgresql'), posting('remote', 'go', 'kubernetes'), posting('remote', 'go', 'kubernetes'), posting('remote', 'react', 'aws'), posting('onsite', 'java')],
    config: { coveragePostingPercent: 100, coverageMustHavePercent: 20 },
  })
  const user = await signUp(app.call)
  const send = (method: string, path: string, body?: unknown) => app.call(`/api/v1${path}`, { method, headers: sessionHeaders(user.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  return { ...app, user, send }
}

test('verdict: 404 without a profile; coverage plus per-skill résumé status and coherence', async () => {
  const { send, call, user } = await setup()
  assert.deepEqual((await send('GET', '/me/profile/verdict')).body, { error: 'profile not found' })
  assert.equal((await send('PUT', '/me/profile', { skills: ['Go', 'PostgreSQL', 'Terraform'] })).status, 200)

  const before = await send('GET', '/me/profile/verdict?work_mode=remote')
  assert.equal(before.status, 200)
  assert.equal(before.body.data.total, 4)
  assert.equal(before.body.data.coherence_percent, 0)
  assert.ok(before.body.data.skills.filter((s: any) => ['go', 'postgresql', 'terraform'].includes(s.name)).every((s: any) => s.status === 'hidden'))

  assert.equal((await send('PUT', '/me/resume', { text: CV })).status, 200)
  const after = await send('GET', '/me/profile/verdict?work_mode=remote')
  const status = Object.fromEntries(after.body.data.skills.map((s: any) => [s.name, [s.status, s.market_status]]))
  assert.deepEqual(status.go, ['strong', 'covered'])
  assert.deepEqual(status.postgresql, ['hidden', 'covered'])
  assert.deepEqual(status.kubernetes, ['adjacent', 'missing'])
  assert.deepEqual(status.react, ['adjacent', 'missing'])
  assert.deepEqual(status.aws, ['missing', 'missing'])
  assert.equal(after.body.data.coherence_percent, 33)
  assert.equal(after.body.data.covered, 1)

  const key = await createApiKey(call, user.cookie)
  assert.equal((await call('/api/v1/me/profile/verdict', { headers: bearerHeaders(key) })).status, 401)
})

test('ATS report: has_cv false without a résumé; five scored categories against the role', async () => {
  const { send } = await setup()
  assert.equal((await send('GET', '/me/profile/ats-report')).status, 404)
  await send('PUT', '/me/profile', { skills: ['Go'] })
  assert.deepEqual((await send('GET', '/me/profile/ats-report')).body.data, { has_cv: false, report: null })
  await send('PUT', '/me/resume', { text: CV })
  const res = await send('GET', '/me/profile/ats-report?work_mode=remote')
  assert.equal(res.status, 200)
  const report = res.body.data.report
  assert.equal(res.body.data.has_cv, true)
  assert.deepEqual(report.categories.map((c: any) => [c.id, c.max]), [['keyword_strength', 40], ['format_compliance', 15], ['section_completeness', 20], ['content_quality', 15], ['length_density', 10]])
  // Remote role skills by postings: go 3, kubernetes 2, then aws, postgresql, react once each.
  // "React Native" names React too, as the enrichment dictionary reads it.
  assert.deepEqual(report.strong_keywords, ['go', 'kubernetes', 'react'])
  assert.deepEqual(report.recommended_keywords, ['aws', 'postgresql'])
  assert.equal(report.categories[0].score, 24)
  assert.equal(report.categories[1].score, 15)
  assert.equal(report.categories[2].score, 20)
  assert.equal(report.categories[3].score, 15)
  for (const category of report.categories) {
    assert.equal(category.score, Math.min(category.max, category.items.reduce((sum: number, item: any) => sum + item.points, 0)))
    for (const item of category.items) assert.ok(['pass', 'warn', 'fail'].includes(item.status))
  }
  assert.equal(report.overall, report.categories.reduce((sum: number, c: any) => sum + c.score, 0))
  assert.equal(report.potential, report.overall + 16)
  assert.equal(report.reviewed, false)
  const posted = await send('POST', '/me/profile/ats-report?work_mode=remote')
  assert.deepEqual(posted.body.data, res.body.data)
  assert.equal((await send('GET', '/me/profile/ats-report?salary_min=abc')).status, 400)
})
