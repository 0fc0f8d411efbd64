import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cvApp } from './cv-fixture.ts'
import { fixtureJob } from '../helpers/app.ts'

// Tailoring through HTTP: the vacancy-bound copy ordered by the job's skills, one per job, the job
// on the board at preparing, the tailor allowance, fresh sessions and undo of the tailoring run.

const jobs = () => [
  fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme' }, skills: [{ slug: 'go', name: 'Go' }, { slug: 'kubernetes', name: 'Kubernetes' }] }),
  fixtureJob({ publicSlug: 'ts-dev', title: 'TypeScript Developer', company: { slug: 'beta', name: 'Beta' }, skills: [{ slug: 'typescript', name: 'TypeScript' }] }),
]
const base = {
  header: { full_name: 'Alice Example', email: 'alice@example.org' },
  skills: [{ group: 'Frontend', items: ['React', 'TypeScript'] }, { group: 'Backend', items: ['Python', 'Go', 'Kubernetes'] }],
  experience: [{ role: 'Engineer', company: 'Old Co', bullets: ['Built React dashboards', 'Ran Kubernetes clusters for Go services'] }],
}

test('tailoring makes one CV per job ordered by the job’s skills, puts the job on the board and is undone as a run', async () => {
  const { person } = await cvApp({}, jobs())
  const alice = await person()
  assert.equal((await alice.send('POST', '/me/cvs/tailor', {})).body.error, 'job_slug is required')
  const noResume = await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })
  assert.equal(noResume.status, 409)
  assert.equal(noResume.body.error, 'add a résumé before tailoring')
  const { id: baseId } = (await alice.send('POST', '/me/cvs', {})).body.data
  await alice.send('PUT', `/me/cvs/${baseId}`, { title: 'Base', template_id: 'modern-sans', document: base })
  assert.equal((await alice.send('POST', '/me/cvs/tailor', { job_slug: 'nope' })).status, 404)

  const first = await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })
  assert.equal(first.status, 201, JSON.stringify(first.body))
  const run = first.body.data
  assert.equal(run.base_cv_id, baseId)
  assert.equal(run.cold_start_running, true)
  assert.equal(run.analysis, null)
  const cv = (await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data
  assert.equal(cv.agent_session_id, run.session_id)
  assert.equal(cv.template_id, 'modern-sans')
  assert.equal(cv.title, 'Go Developer — Acme')
  assert.deepEqual(cv.document.skills, [{ group: 'Backend', items: ['Go', 'Kubernetes', 'Python'] }, { group: 'Frontend', items: ['React', 'TypeScript'] }])
  assert.deepEqual(cv.document.experience[0].bullets, ['Ran Kubernetes clusters for Go services', 'Built React dashboards'])
  assert.deepEqual((await alice.send('GET', `/me/cvs/${baseId}`)).body.data.document.skills, base.skills, 'the base CV is untouched')

  const again = await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })
  assert.equal(again.body.data.tailor_cv_id, run.tailor_cv_id, 'one tailored CV per job')
  assert.equal(again.body.data.cold_start_running, false)
  const list = (await alice.send('GET', '/me/cvs')).body.data
  assert.deepEqual(list.map((c: { id: string; job_slug: string; job_company: string }) => [c.id, c.job_slug, c.job_company]), [[run.tailor_cv_id, 'go-dev', 'Acme']])

  const tracking = (await alice.send('GET', '/me/tracking/go-dev')).body.data
  assert.equal(tracking.stage, 'preparing')
  const history = (await alice.send('GET', '/me/plan/history')).body.data
  assert.equal(JSON.stringify(history).split('"tailor"').length - 1, 1, 'the run was charged once to the tailor allowance, the reuse was free')

  const undo = await alice.send('POST', `/me/cvs/${run.tailor_cv_id}/revisions/batch/${run.session_id}/undo`)
  assert.equal(undo.status, 200, JSON.stringify(undo.body))
  assert.deepEqual((await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data.document.skills, base.skills, 'undoing the run puts the base order back')
})

test('a tailored CV gets fresh sessions; a base CV is refused; sessions can be bound by key', async () => {
  const { person } = await cvApp({ planEnforce: 'tailor' }, jobs())
  const alice = await person()
  await alice.send('PUT', '/me/profile', { skills: [{ name: 'Go' }], headline: 'Go engineer' })
  const run = (await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })).body.data
  assert.ok(run.base_cv_id, 'a base CV is seeded from the profile')
  assert.equal((await alice.send('GET', `/me/cvs/${run.base_cv_id}`)).body.data.document.header.headline, 'Go engineer')
  const fresh = await alice.send('POST', `/me/cvs/${run.tailor_cv_id}/tailor-session`)
  assert.equal(fresh.status, 201)
  assert.notEqual(fresh.body.data.session_id, run.session_id)
  assert.equal((await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data.agent_session_id, fresh.body.data.session_id)
  const notTailored = await alice.send('POST', `/me/cvs/${run.base_cv_id}/tailor-session`)
  assert.equal(notTailored.status, 409)
  assert.equal(notTailored.body.error, 'not a tailored CV')
  assert.equal((await alice.sendKey('PUT', `/me/cvs/${run.tailor_cv_id}/session`, { session_id: 'assistant-42' })).status, 204)
  assert.equal((await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data.agent_session_id, 'assistant-42')
  assert.equal((await alice.sendKey('PUT', '/me/cvs/nope/session', { session_id: 'x' })).status, 404)
  assert.equal((await alice.sendKey('POST', '/me/cvs/tailor', { job_slug: 'ts-dev' })).status, 401)
})

test('job-match scores a tailored CV against its job with the documented weights', async () => {
  const job = fixtureJob({
    publicSlug: 'senior-go', title: 'Senior Go Developer', seniority: 'senior', company: { slug: 'acme', name: 'Acme' },
    skills: [{ slug: 'go', name: 'Go' }, { slug: 'kubernetes', name: 'Kubernetes' }, { slug: 'postgresql', name: 'PostgreSQL' }],
    descriptionText: 'You will build APIs.\n- 5+ years of Go\n- Run Kubernetes in production\n- PostgreSQL is a plus',
  })
  const { person } = await cvApp({}, [job])
  const alice = await person()
  const { id: baseId } = (await alice.send('POST', '/me/cvs', {})).body.data
  await alice.send('PUT', `/me/cvs/${baseId}`, { title: 'Base', template_id: 'classic-ats', document: { experience: [{ role: 'Go Developer', company: 'Old', start: '2019', end: '2025', bullets: ['Ran Kubernetes clusters for Go services'] }] } })
  assert.equal((await alice.send('GET', `/me/cvs/${baseId}/job-match`)).body.error, 'not a tailored CV')
  const run = (await alice.send('POST', '/me/cvs/tailor', { job_slug: 'senior-go' })).body.data
  const res = await alice.send('GET', `/me/cvs/${run.tailor_cv_id}/job-match`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const { available, score } = res.body.data
  assert.equal(available, true)
  const byId = Object.fromEntries(score.categories.map((c: { id: string }) => [c.id, c]))
  assert.deepEqual(score.categories.map((c: { id: string; weight: number }) => [c.id, c.weight]), [['requirements_coverage', 40], ['keyword_match', 30], ['job_title_match', 20], ['seniority_fit', 10]])
  assert.deepEqual(score.matched_skills, ['go', 'kubernetes'])
  assert.deepEqual(score.missing_skills, ['postgresql'])
  assert.equal(byId.keyword_match.earned, 20)
  assert.deepEqual(score.requirements.map((r: { coverage: string; priority: string }) => [r.coverage, r.priority]), [['covered', 'must'], ['covered', 'must'], ['missing', 'nice']])
  assert.equal(byId.requirements_coverage.earned, 26.7)
  assert.deepEqual(byId.job_title_match.items, ['go', 'developer'])
  assert.equal(byId.job_title_match.earned, 20)
  assert.equal(byId.seniority_fit.earned, 10, 'six years of dated experience fit a senior role')
  assert.equal(score.overall, Math.round(26.7 + 20 + 20 + 10))

  const context = await alice.sendKey('GET', `/me/cvs/${run.tailor_cv_id}/tailor-context`)
  assert.equal(context.status, 200, JSON.stringify(context.body))
  const c = context.body.data
  assert.deepEqual(c.job, { title: 'Senior Go Developer', company: 'Acme', public_slug: 'senior-go', description: job.descriptionText })
  assert.equal(c.overall_score, score.overall)
  assert.equal(c.verdict, 'Strong Fit')
  assert.deepEqual(c.gaps, ['PostgreSQL is a plus'])
  assert.equal(c.strengths.length, 2)
  assert.equal(c.dimensions.length, 4)
  assert.equal((await alice.sendKey('GET', `/me/cvs/${baseId}/tailor-context`)).status, 409)
})

test('reset-from-resume rebuilds the base (and a tailored CV) from the profile, keeping template and typography', async () => {
  const { person } = await cvApp({}, jobs())
  const alice = await person()
  const { id: baseId } = (await alice.send('POST', '/me/cvs', { template_id: 'timeline' })).body.data
  const noSeed = await alice.send('POST', '/me/cvs/base/reset-from-resume')
  assert.equal(noSeed.status, 409)
  assert.equal(noSeed.body.error, 'add a résumé before resetting from it')
  await alice.send('PATCH', `/me/cvs/${baseId}`, { ops: [{ kind: 'set', path: 'summary', value: 'Hand written' }, { kind: 'set', path: 'style.font_size', value: 11 }] })
  await alice.send('PUT', '/me/profile', { headline: 'Platform engineer', skills: [{ name: 'Python' }, { name: 'Go' }] })
  const reset = await alice.send('POST', '/me/cvs/base/reset-from-resume')
  assert.equal(reset.status, 200, JSON.stringify(reset.body))
  assert.equal(reset.body.data.document.header.headline, 'Platform engineer')
  assert.equal(reset.body.data.document.style.font_size, 11)
  assert.equal(reset.body.data.template_id, 'timeline')
  assert.equal((await alice.send('GET', `/me/cvs/${baseId}/revisions`)).body.data[0].origin, 'import')

  const run = (await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })).body.data
  await alice.send('PATCH', `/me/cvs/${run.tailor_cv_id}`, { ops: [{ kind: 'remove', path: 'skills' }] })
  assert.equal((await alice.send('POST', `/me/cvs/${baseId}/reset-from-resume`)).body.error, 'not a tailored CV')
  const tailored = await alice.send('POST', `/me/cvs/${run.tailor_cv_id}/reset-from-resume`)
  assert.equal(tailored.status, 200)
  assert.equal(tailored.body.data.id, run.tailor_cv_id)
  assert.equal(tailored.body.data.agent_session_id, run.session_id)
  assert.deepEqual(tailored.body.data.document.skills, [{ group: 'Skills', items: ['Go', 'Python'] }], 'seeded again and ordered for the Go job')
})

test('ats-delta reads both CVs back from their PDFs and scores them against the job', async () => {
  const { person } = await cvApp({}, jobs())
  const alice = await person()
  const { id: baseId } = (await alice.send('POST', '/me/cvs', {})).body.data
  await alice.send('PUT', `/me/cvs/${baseId}`, { title: 'Base', template_id: 'classic-ats', document: { header: { full_name: 'Alice', email: 'alice@example.org' }, summary: 'Backend developer.', experience: [{ role: 'Developer', company: 'Old', bullets: ['Built services'] }] } })
  const run = (await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })).body.data
  await alice.send('PATCH', `/me/cvs/${run.tailor_cv_id}`, { ops: [{ kind: 'set', path: 'skills', value: [{ group: 'Backend', items: ['Go', 'Kubernetes'] }] }, { kind: 'set', path: 'header.phone', value: '+49 30 123456' }] })
  const res = await alice.send('GET', `/me/cvs/${run.tailor_cv_id}/ats-delta`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const { available, base_cv_id, delta } = res.body.data
  assert.equal(available, true)
  assert.equal(base_cv_id, baseId)
  const byId = Object.fromEntries(delta.categories.map((c: { id: string }) => [c.id, c]))
  assert.deepEqual([byId.keywords.base, byId.keywords.tailored], [0, 100])
  assert.deepEqual(byId.keywords.items, ['go', 'kubernetes'])
  assert.deepEqual([byId.sections.base, byId.sections.tailored], [50, 75], 'the skills section was added (no education in either)')
  assert.deepEqual([byId.contact.base, byId.contact.tailored], [50, 100])
  assert.equal(byId.parseable.tailored, 100)
  assert.equal(delta.regressed, false)
  assert.ok(delta.change > 0)
  assert.equal((await alice.send('GET', `/me/cvs/${baseId}/ats-delta`)).body.error, 'not a tailored CV')
})
