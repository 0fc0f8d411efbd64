import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cvApp } from '../cv/cv-fixture.ts'
import { fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, sessionHeaders } from '../helpers/auth.ts'
import { readSse } from '../helpers/sse.ts'

// Autopilot through HTTP: CV tailoring opens a `tailor` session bound to the CV and the job; the
// autopilot turn orders the CV, adds the job's skills the profile bears out, leaves the rest open in
// the autopilot report, makes every edit as the agent in one batch, and one batch undo takes it back.

const jobs = () => [
  fixtureJob({
    publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme' },
    skills: [{ slug: 'go', name: 'Go' }, { slug: 'kubernetes', name: 'Kubernetes' }, { slug: 'terraform', name: 'Terraform' }],
    descriptionText: 'Requirements:\n- Go\n- Kubernetes\n- Terraform',
  }),
]
const base = {
  header: { full_name: 'Alice Example', email: 'alice@example.org' },
  skills: [{ group: 'Frontend', items: ['React'] }, { group: 'Backend', items: ['Python', 'Go'] }],
  experience: [{ role: 'Engineer', company: 'Old Co', bullets: ['Built React dashboards', 'Wrote Go services'] }],
}

async function tailored() {
  const { app, person } = await cvApp({}, jobs())
  const alice = await person()
  await alice.send('PUT', '/me/profile', { headline: 'Backend engineer', skills: ['Go', 'Kubernetes', 'Python'], years_experience: 5 })
  const { id: baseId } = (await alice.send('POST', '/me/cvs', {})).body.data
  await alice.send('PUT', `/me/cvs/${baseId}`, { title: 'Base', template_id: 'classic-ats', document: base })
  const run = (await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })).body.data
  const autopilot = async (sessionId: string, headers = sessionHeaders(alice.cookie)) => {
    const response = await app.request(`/api/v1/assistant/sessions/${sessionId}/autopilot`, { method: 'POST', headers })
    if (response.status !== 200) return { status: response.status, body: await response.json(), events: [] as any[] }
    return { status: 200, body: null, events: (await readSse(response)).events.map((e) => ({ event: e.event, ...JSON.parse(e.data) })) }
  }
  return { alice, run, autopilot }
}

test('CV tailoring opens a tailor session bound to the CV and the job, left out of the session list', async () => {
  const { alice, run } = await tailored()
  const session = (await alice.send('GET', `/assistant/sessions/${run.session_id}`)).body.data.session
  assert.equal(session.preset, 'tailor')
  assert.equal(session.cv_id, run.tailor_cv_id)
  assert.equal(session.job_id, 'go-dev')
  assert.equal(session.label, 'Tailor: Go Developer · Acme')
  assert.deepEqual((await alice.send('GET', '/assistant/sessions')).body.data, [])
  const fresh = (await alice.send('POST', `/me/cvs/${run.tailor_cv_id}/tailor-session`)).body.data
  const second = (await alice.send('GET', `/assistant/sessions/${fresh.session_id}`)).body.data.session
  assert.deepEqual([second.preset, second.cv_id], ['tailor', run.tailor_cv_id])
  const refused = await alice.send('POST', '/assistant/sessions?preset=tailor')
  assert.equal(refused.status, 400)
  assert.match(refused.body.error, /CV tailoring/)
})

test('autopilot tailors the CV in one batch, lays down the report and is undone by the batch undo', async () => {
  const { alice, run, autopilot } = await tailored()
  const before = (await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data.document

  const { status, events } = await autopilot(run.session_id)
  assert.equal(status, 200)
  assert.equal(events.filter((e) => e.event === 'result').length, 1)
  assert.equal(events.at(-1).event, 'result')
  assert.equal(events.at(-1).stop_reason, 'end_turn')
  assert.deepEqual(events.filter((e) => e.event === 'tool_use').map((e) => e.name), ['read_cv', 'patch_cv'])
  assert.ok(events.filter((e) => e.event === 'tool_result').every((e) => !e.is_error))
  const batchId = events.find((e) => e.event === 'tool_result' && e.name === 'patch_cv').result.batch_id
  assert.match(batchId, /^[0-9a-f-]{36}$/)

  const cv = (await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data
  assert.ok(cv.document.skills[0].items.includes('Kubernetes'), 'the job’s skill the profile lists is on the CV')
  assert.ok(!JSON.stringify(cv.document).includes('Terraform'), 'nothing the profile does not bear out is claimed')
  const report = Object.fromEntries(cv.autopilot_report.map((entry: { requirement: string; status: string }) => [entry.requirement, entry.status]))
  assert.equal(report.Kubernetes, 'closed_bank')
  assert.equal(report.Go, 'closed_bank')
  assert.equal(report.Terraform, 'open')

  const revisions = (await alice.send('GET', `/me/cvs/${run.tailor_cv_id}/revisions`)).body.data.filter((r: { batch_id?: string }) => r.batch_id === batchId)
  assert.equal(revisions.length, 1)
  assert.deepEqual([revisions[0].actor, revisions[0].origin], ['agent', 'tailor_agent'])

  const messages = (await alice.send('GET', `/assistant/sessions/${run.session_id}`)).body.data.messages
  assert.deepEqual(messages.map((m: { role: string }) => m.role), ['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])

  const undo = await alice.send('POST', `/me/cvs/${run.tailor_cv_id}/revisions/batch/${batchId}/undo`)
  assert.equal(undo.status, 200, JSON.stringify(undo.body))
  const after = (await alice.send('GET', `/me/cvs/${run.tailor_cv_id}`)).body.data
  assert.deepEqual(after.document, before, 'the batch undo puts the CV back as tailoring left it')
  assert.equal(after.autopilot_report, undefined, 'and clears the report')
})

test('autopilot refuses sessions that do not tailor a CV and API keys, before any stream', async () => {
  const { alice, run, autopilot } = await tailored()
  const chat = (await alice.send('POST', '/assistant/sessions')).body.data.id
  const refused = await autopilot(chat)
  assert.equal(refused.status, 409)
  assert.equal(refused.body.error, 'this conversation is not tailoring a CV')
  assert.equal((await autopilot('not-a-uuid')).status, 404)
  assert.equal((await autopilot(run.session_id, bearerHeaders(alice.key))).status, 401, 'autopilot is for the signed-in browser only')
})

test('extend: a tailoring session has no ceiling and is never charged; other sessions are 409', async () => {
  const { alice, run } = await tailored()
  const first = await alice.send('POST', `/assistant/sessions/${run.session_id}/extend`)
  assert.equal(first.status, 200)
  assert.deepEqual([first.body.data.turns, first.body.data.ceiling, first.body.data.unlimited, first.body.data.allowance.feature], [0, 0, true, 'tailor'])
  const again = await alice.send('POST', `/assistant/sessions/${run.session_id}/extend`)
  assert.deepEqual(again.body.data.allowance.used, first.body.data.allowance.used, 'a double click charges nothing')
  const chat = (await alice.send('POST', '/assistant/sessions')).body.data.id
  assert.equal((await alice.send('POST', `/assistant/sessions/${chat}/extend`)).status, 409)
})
