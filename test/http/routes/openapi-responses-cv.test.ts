import { test } from 'node:test'
import assert from 'node:assert/strict'
import { operationChecker } from '../../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../../helpers/auth.ts'

// Issue 44, point 8: every CV operation answers what the OpenAPI document publishes, checked
// strictly (an undocumented field fails) on real answers: templates and fonts, the base and a
// tailored CV, edits, tracer links, the job match, the tailoring context, the ATS delta, revisions,
// undo, the PDF and the autopilot stream that writes the CV's report.
const app = createTestApp({
  jobs: [
    fixtureJob({
      publicSlug: 'go-dev', title: 'Senior Go Developer', company: { slug: 'acme', name: 'Acme' }, seniority: 'senior',
      skills: [{ slug: 'go', name: 'Go' }, { slug: 'kubernetes', name: 'Kubernetes' }, { slug: 'rust', name: 'Rust' }],
      descriptionText: 'You will build services in Go.\nYou run Kubernetes clusters.\nRust is a plus.',
    }),
  ],
  config: { cvVisitorSalt: 'schema-check-salt' },
})
const { call } = app
const document = (await call('/api/v1/openapi.json')).body
const { check, unchecked } = operationChecker(document, call)

const alice = await signUp(call)
const key = await createApiKey(call, alice.cookie)
const as = (body?: unknown): RequestInit => ({ headers: sessionHeaders(alice.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
const byKey = (body?: unknown): RequestInit => ({ headers: bearerHeaders(key), body: body === undefined ? undefined : JSON.stringify(body) })
const cv = {
  header: { full_name: 'Alice Example', email: 'alice@example.org', phone: '+49 30 1234567', location: 'Berlin', links: ['https://github.com/alice', { label: 'Blog', url: 'https://alice.example.org' }] },
  summary: 'Backend engineer.',
  style: { font_family: 'carlito', font_size: 10.5 },
  skills: [{ group: 'Backend', items: ['Python', 'Go', 'Kubernetes'] }],
  experience: [{ role: 'Go Engineer', company: 'Old Co', start: '2016', current: true, bullets: ['Ran Kubernetes clusters for Go services', 'Built billing in Python'] }],
  education: [{ institution: 'TU Berlin', degree: 'MSc', field: 'CS', start: '2012', end: '2014' }],
  languages: [{ name: 'German', level: 'C1' }],
  projects: [{ name: 'gokit', link: 'https://github.com/alice/gokit', bullets: ['A Go toolkit'] }],
  certifications: [{ name: 'CKA', issuer: 'CNCF', year: 2021 }],
}

test('templates, fonts, the base CV and its edits validate', async () => {
  await check('GET', '/cv-templates', '/api/v1/cv-templates', as())
  await check('GET', '/cv-fonts', '/api/v1/cv-fonts', as())
  await check('GET', '/me/cvs', '/api/v1/me/cvs', as())
  await check('PUT', '/me/profile', '/api/v1/me/profile', as({ headline: 'Go engineer', skills: [{ name: 'Go' }, { name: 'Python' }], years_experience: 8 }))
  const base = await check('POST', '/me/cvs', '/api/v1/me/cvs', as({ title: 'Base', seed: true }), 201)
  const id = base.body.data.id
  await check('POST', '/me/cvs', '/api/v1/me/cvs', as({}), 201)
  await check('PUT', '/me/cvs/{id}', `/api/v1/me/cvs/${id}`, as({ title: 'Base', template_id: 'modern-sans', document: cv }))
  const patched = await check('PATCH', '/me/cvs/{id}', `/api/v1/me/cvs/${id}`, as({ ops: [{ kind: 'set', path: 'summary', value: 'Backend engineer, eight years of Go.' }], note: 'sharper' }))
  assert.equal(patched.body.data.id, id)
  await check('PATCH', '/me/cvs/{id}', '/api/v1/me/cvs/base', byKey({ ops: [{ kind: 'insert', path: 'experience[0].bullets[2]', value: 'Mentored two engineers' }] }))
  await check('GET', '/me/cvs/{id}', '/api/v1/me/cvs/base', as())
  await check('GET', '/me/cvs/{id}', `/api/v1/me/cvs/${id}`, byKey())
  const revisions = await check('GET', '/me/cvs/{id}/revisions', `/api/v1/me/cvs/${id}/revisions`, as())
  const edit = revisions.body.data.find((revision: { note?: string }) => revision.note === 'sharper')
  await check('POST', '/me/cvs/{id}/revisions/{rid}/undo', `/api/v1/me/cvs/${id}/revisions/${edit.id}/undo`, as())
  await check('GET', '/me/cvs/{id}/revisions', `/api/v1/me/cvs/${id}/revisions`, as())
  await check('POST', '/me/cvs/base/reset-from-resume', '/api/v1/me/cvs/base/reset-from-resume', as())
})

test('a tailored CV: tailoring, its session, tracer links, match, context, ATS delta, PDF, reset and undo validate', async () => {
  await check('PUT', '/me/cvs/{id}', '/api/v1/me/cvs/base', as({ title: 'Base', template_id: 'classic-ats', document: cv }))
  const run = await check('POST', '/me/cvs/tailor', '/api/v1/me/cvs/tailor', as({ job_slug: 'go-dev' }), 201)
  const id = run.body.data.tailor_cv_id
  await check('GET', '/me/cvs', '/api/v1/me/cvs', as())
  await check('PUT', '/me/cvs/{id}/tracer-links', `/api/v1/me/cvs/${id}/tracer-links`, as({ enabled: true }))
  const links = await check('GET', '/me/cvs/{id}/tracer-links', `/api/v1/me/cvs/${id}/tracer-links`, as())
  assert.ok(links.body.data.length >= 2)
  const token = new URL(links.body.data[0].traced_url).pathname.split('/').pop()
  await call(`/cv/${token}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' } })
  await check('GET', '/me/cvs/{id}/tracer-links', `/api/v1/me/cvs/${id}/tracer-links`, as())
  await check('GET', '/me/cvs/{id}/job-match', `/api/v1/me/cvs/${id}/job-match`, as())
  await check('GET', '/me/cvs/{id}/tailor-context', `/api/v1/me/cvs/${id}/tailor-context`, byKey())
  const delta = await check('GET', '/me/cvs/{id}/ats-delta', `/api/v1/me/cvs/${id}/ats-delta`, as())
  assert.equal(delta.body.data.available, true, 'pdftotext (poppler-utils) is installed')
  await check('GET', '/me/cvs/{id}/pdf', `/api/v1/me/cvs/${id}/pdf`, as())
  const autopilot = await check('POST', '/assistant/sessions/{id}/autopilot', `/api/v1/assistant/sessions/${run.body.data.session_id}/autopilot`, as())
  assert.match(autopilot.body, /event: result/)
  const tailored = await check('GET', '/me/cvs/{id}', `/api/v1/me/cvs/${id}`, as())
  assert.ok(tailored.body.data.autopilot_report?.length, 'the autopilot laid down its report')
  await check('POST', '/me/cvs/{id}/revisions/batch/{bid}/undo', `/api/v1/me/cvs/${id}/revisions/batch/${run.body.data.session_id}/undo`, as())
  await check('POST', '/me/cvs/{id}/tailor-session', `/api/v1/me/cvs/${id}/tailor-session`, as(), 201)
  await check('POST', '/me/cvs/{id}/reset-from-resume', `/api/v1/me/cvs/${id}/reset-from-resume`, as())
})

test('every CV operation that answers a body was called and validated', () => {
  assert.deepEqual(unchecked('/cv-templates', '/cv-fonts', '/me/cvs'), [])
})
