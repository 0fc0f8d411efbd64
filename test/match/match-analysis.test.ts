import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { readSse } from '../helpers/sse.ts'
import type { Config } from '../../src/config.ts'

/** Match analysis through HTTP: the deterministic MatchAnalysis, the cache and staleness, allowance and hourly budget, the stream. */
const POSTING = [
  'We build payment infrastructure in a fast-paced team.',
  'Requirements:',
  '- 5+ years of experience with Rust',
  '- Kubernetes and PostgreSQL in production',
  '- Fluent German (C1)',
  '- Bachelor degree in computer science',
  'Nice to have:',
  '- Golang',
  '- Terraform',
  'Competitive salary. We cannot sponsor visas.',
].join('\n')

async function setup(config: Partial<Config> = {}) {
  const rust = fixtureJob({ title: 'Senior Rust Engineer', descriptionText: POSTING, descriptionHtml: '<p>x</p>', workMode: 'onsite', countries: ['DE'], location: 'Berlin, Germany' })
  const { app, db, call } = createTestApp({ jobs: [rust, fixtureJob({ title: 'Office Manager', descriptionText: 'Run our office.', company: { slug: 'beta', name: 'Beta' } })], config })
  const [rustSlug, officeSlug] = db.prepare('SELECT public_slug FROM jobs ORDER BY id').pluck().all() as string[]
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const send = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: bearerHeaders(key), ...(body !== undefined && { body: JSON.stringify(body) }) })
  const raw = (path: string) => app.request(`/api/v1${path}`, { headers: bearerHeaders(key) })
  const profile = {
    headline: 'Backend engineer, Rust and Go',
    skills: [{ name: 'Rust', level: 'expert' }, 'Golang', 'PostgreSQL'],
    years_experience: 6,
    desired_roles: ['Senior Rust Engineer'],
    work_modes: ['remote'],
    languages: [{ language: 'English', level: 'c2' }],
  }
  return { db, call, alice, key, send, raw, rustSlug: rustSlug!, officeSlug: officeSlug!, profile }
}

test('without a profile: has_cv false and nothing charged; unknown job 404; auth required', async () => {
  const { send, call, rustSlug } = await setup()
  assert.deepEqual((await send('GET', `/jobs/${rustSlug}/match-analysis`)).body, { data: { has_cv: false } })
  assert.deepEqual((await send('POST', `/jobs/${rustSlug}/match-analysis`)).body, { data: { has_cv: false } })
  assert.equal((await send('GET', '/me/plan')).body.data.allowances[0].used, 0)
  assert.equal((await send('POST', '/jobs/nope/match-analysis')).status, 404)
  assert.equal((await send('GET', '/jobs/nope/fit')).body.error, 'job not found')
  assert.equal((await call(`/api/v1/jobs/${rustSlug}/match-analysis`)).status, 401)
})

test('POST computes the whole analysis from the posting text and the profile; GET and /fit read the cache', async () => {
  const { send, rustSlug, profile, alice, call } = await setup()
  await send('PUT', '/me/profile', profile)
  await call('/api/v1/me/screening-answers', { method: 'PUT', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ authorized_countries: ['FR'], visa_sponsorship_needed: true }) })
  const before = (await send('GET', `/jobs/${rustSlug}/match-analysis`)).body.data
  assert.deepEqual([before.has_cv, before.stale, before.analysis, before.allowance.used], [true, false, null, 0])
  const posted = await send('POST', `/jobs/${rustSlug}/match-analysis`)
  assert.equal(posted.status, 200)
  const { analysis } = posted.body.data
  assert.equal(posted.body.data.stale, false)
  assert.equal(posted.body.data.allowance, undefined)
  const byText = Object.fromEntries(analysis.requirement_match.map((r: any) => [r.text, r]))
  assert.deepEqual([byText.Rust.status, byText.Rust.priority, byText.Rust.evidence_strength], ['covered', 'required', 'keyword'])
  assert.match(byText.Rust.evidence, /Rust \(expert\)/)
  assert.equal(byText.Kubernetes.status, 'missing-gap')
  assert.equal(byText.PostgreSQL.status, 'covered')
  assert.deepEqual([byText.Go.status, byText.Go.priority], ['synonym-only', 'preferred'], 'listed as Golang; a keyword screen looks for Go')
  assert.equal(byText.Terraform.priority, 'preferred')
  assert.deepEqual([byText['5+ years of experience'].status, byText['5+ years of experience'].evidence_strength], ['covered', 'metric'])
  assert.equal(byText['German language'].status, 'missing-gap')
  assert.equal(byText['A degree'].status, 'missing-have')
  assert.deepEqual(analysis.dimensions.map((d: any) => d.key), ['title_alignment', 'experience_relevance', 'seniority_fit', 'skills_coverage', 'company_context', 'location_fit'])
  for (const d of analysis.dimensions) assert.ok(d.score >= 0 && d.score <= 100 && d.comment.length > 0)
  const blockers = Object.fromEntries(analysis.blockers.map((b: any) => [b.category, b]))
  assert.deepEqual([blockers.language.severity, blockers.language.met, blockers.language.score_cap], ['hard', false, 35])
  assert.deepEqual([blockers.work_authorization.severity, blockers.work_authorization.score_cap, blockers.work_authorization.met], ['hard', 25, false], 'no sponsorship, not authorised in DE')
  assert.deepEqual([blockers.location_work_mode.met, blockers.experience.met], [false, true])
  assert.equal(analysis.overall_score, 25, 'capped by the lowest unmet blocker')
  assert.equal(analysis.verdict, 'Poor Fit')
  assert.ok(analysis.gaps.length >= 1 && analysis.gaps.length <= 6)
  assert.ok(analysis.strengths.some((s: string) => s.startsWith('Rust')))
  assert.match(analysis.recommendation, /^Poor Fit \(25\/100\) for Senior Rust Engineer\. The main obstacle/)
  assert.deepEqual(analysis.hidden_signals.map((s: any) => s.quote), ['We build payment infrastructure in a fast-paced team.', 'Competitive salary.'])
  const cached = (await send('GET', `/jobs/${rustSlug}/fit`)).body.data
  assert.deepEqual(cached.analysis, analysis)
  assert.equal(cached.allowance.used, 1)
  const list = (await send('GET', '/me/tracking/analyses')).body
  assert.deepEqual(list.data.map((a: any) => [a.slug, a.overall_score, a.verdict, a.stale]), [[rustSlug, 25, 'Poor Fit', false]])
})

test('the score follows the profile: meeting the blockers lifts the verdict; a changed profile or posting marks the cache stale', async () => {
  const { db, send, rustSlug, profile } = await setup()
  await send('PUT', '/me/profile', { ...profile, work_modes: ['onsite'], languages: [{ language: 'German', level: 'c1' }], skills: [...profile.skills, 'Kubernetes', 'Terraform'] })
  const strong = (await send('POST', `/jobs/${rustSlug}/fit`)).body.data.analysis
  assert.ok(strong.overall_score >= 75, `strong fit expected, got ${strong.overall_score}`)
  assert.equal(strong.verdict, 'Strong Fit')
  assert.equal(strong.blockers.filter((b: any) => !b.met && b.severity !== 'soft').length, 0)
  await new Promise((resolve) => setTimeout(resolve, 5))
  await send('PUT', '/me/profile', profile)
  assert.equal((await send('GET', `/jobs/${rustSlug}/match-analysis`)).body.data.stale, true)
  assert.equal((await send('POST', `/jobs/${rustSlug}/match-analysis`)).body.data.stale, false)
  db.prepare("UPDATE jobs SET updated_at = '2999-01-01T00:00:00.000Z' WHERE public_slug = ?").run(rustSlug)
  assert.equal((await send('GET', `/jobs/${rustSlug}/match-analysis`)).body.data.stale, true)
  assert.equal((await send('GET', '/me/tracking/analyses')).body.data[0].stale, true)
})

test('allowance: one match per posting, a re-analysis free, 402 before anything when enforced; 30 runs per hour', async () => {
  const { send, rustSlug, officeSlug, profile, db } = await setup({ planEnforce: 'match', planFreeLimits: 'match=1,tailor=2,assistant=10,dictation=10', matchAnalysisPerHour: 4 })
  await send('PUT', '/me/profile', profile)
  assert.equal((await send('POST', `/jobs/${rustSlug}/match-analysis`)).status, 200)
  assert.equal((await send('POST', `/jobs/${rustSlug}/match-analysis`)).status, 200, 'the same posting again is free')
  const refused = await send('POST', `/jobs/${officeSlug}/match-analysis`)
  assert.equal(refused.status, 402)
  assert.equal(refused.body.error, "You've used today's job analyses.")
  assert.deepEqual([refused.body.allowance.feature, refused.body.allowance.used, refused.body.allowance.limit], ['match', 1, 1])
  const stream = await send('GET', `/jobs/${officeSlug}/match-analysis/stream`)
  assert.equal(stream.status, 402, 'refused before the stream opens')
  assert.equal(db.prepare('SELECT count(*) FROM match_analyses').pluck().get(), 1)
  const history = (await send('GET', '/me/plan/history')).body.data
  assert.deepEqual(history.map((h: any) => [h.label, h.subtitle]), [['Job analysis', 'Senior Rust Engineer']])
  const tooMany = await send('POST', `/jobs/${rustSlug}/match-analysis`)
  assert.equal(tooMany.status, 429, 'the fifth run of the hour (two refused by allowance also counted)')
  assert.ok(Number(tooMany.headers.get('retry-after')) > 0)
})

test('the stream: meta, the three stages in order with their payloads, exactly one final', async () => {
  const { send, raw, rustSlug, officeSlug, profile } = await setup()
  const empty = await readSse(await raw(`/jobs/${rustSlug}/match-analysis/stream`))
  assert.deepEqual(empty.events.map((e) => [e.event, JSON.parse(e.data)]), [['meta', { has_cv: false }]])
  await send('PUT', '/me/profile', profile)
  const response = await raw(`/jobs/${rustSlug}/fit/stream`)
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type')!, /^text\/event-stream/)
  const { events, json } = await readSse(response)
  assert.deepEqual(events.map((e) => e.event), [
    'meta', 'stage_start', 'thinking', 'requirements', 'stage_done', 'stage_start', 'thinking', 'dimensions', 'stage_done', 'stage_start', 'thinking', 'stage_done', 'final',
  ])
  assert.deepEqual(json('meta'), [{ has_cv: true }], 'the first event carries exactly the pinned fields')
  assert.deepEqual(json('stage_start').map((e) => [e.stage, e.label]), [[1, 'Extract & Match'], [2, 'Recruiter verdict'], [3, 'Adversarial audit']])
  const final = json('final')
  assert.equal(final.length, 1)
  assert.deepEqual(json('requirements')[0].requirements, final[0].analysis.requirement_match)
  assert.deepEqual(json('dimensions')[0].analysis.dimensions, final[0].analysis.dimensions)
  assert.deepEqual((await send('GET', `/jobs/${rustSlug}/match-analysis`)).body.data.analysis, final[0].analysis)
  const office = await readSse(await raw(`/jobs/${officeSlug}/match-analysis/stream`))
  assert.equal(office.json('final')[0].analysis.requirement_match.length, 0)
  assert.equal(office.json('final')[0].analysis.verdict.endsWith('Fit'), true)
})
