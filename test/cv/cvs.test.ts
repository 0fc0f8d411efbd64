import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cvApp } from './cv-fixture.ts'
import { sessionHeaders } from '../helpers/auth.ts'

// CV documents through HTTP: the template and font lists, one base CV, reads by cookie and by key,
// whole replace with sanitising, PATCH batches with the actor rules, template changes and deletion.

test('templates and fonts are the documented ids, for a signed-in session only', async () => {
  const { person } = await cvApp()
  const alice = await person()
  const templates = await alice.send('GET', '/cv-templates')
  assert.deepEqual(templates.body.data.map((t: { id: string }) => t.id), ['classic-ats', 'centered', 'modern-sans', 'timeline', 'compact', 'mono-tech', 'sidebar', 'portrait', 'headshot'])
  assert.deepEqual(templates.body.data.filter((t: { photo: boolean }) => t.photo).map((t: { id: string }) => t.id), ['portrait', 'headshot'])
  const fonts = await alice.send('GET', '/cv-fonts')
  assert.deepEqual(fonts.body.data.map((f: { id: string }) => f.id), ['libertinus-serif', 'tinos', 'liberation-sans', 'carlito'])
  assert.ok(fonts.body.data.every((f: { css: string }) => f.css.length > 0))
  assert.equal((await alice.sendKey('GET', '/cv-templates')).status, 401)
})

test('one base CV per user: created once, seeded from the account, not listed, private to its owner', async () => {
  const { person, call } = await cvApp()
  const alice = await person()
  assert.equal((await alice.send('POST', '/me/cvs', { template_id: 'fancy' })).body.error, 'unknown template')
  const created = await alice.send('POST', '/me/cvs', { title: '  My CV  ', seed: true })
  assert.equal(created.status, 201)
  const cv = created.body.data
  assert.equal(cv.title, 'My CV')
  assert.equal(cv.template_id, 'classic-ats')
  assert.equal(cv.tracer_links_enabled, false)
  assert.match(cv.agent_session_id, /^[0-9a-f-]{36}$/)
  assert.equal(cv.document.header.email, alice.email)
  assert.deepEqual(cv.document.margins, { top: 0.5, right: 0.5, bottom: 0.5, left: 0.5 })
  const again = await alice.send('POST', '/me/cvs', { title: 'Other' })
  assert.equal(again.status, 201, 'the existing base CV, with the status the contract pins')
  assert.equal(again.body.data.id, cv.id)
  assert.equal((await alice.send('POST', '/me/cvs', {})).body.data.title, 'My CV')
  assert.deepEqual((await alice.send('GET', '/me/cvs')).body.data, [], 'the base CV is not listed')
  assert.equal((await alice.send('GET', `/me/cvs/${cv.id}`)).body.data.id, cv.id)
  assert.equal((await alice.send('GET', '/me/cvs/base')).body.data.id, cv.id)
  assert.equal((await alice.send('GET', '/me/cvs/not-a-uuid')).status, 404)
  assert.equal((await alice.send('GET', '/me/cvs/00000000-0000-4000-8000-000000000000')).status, 404)
  const bob = await person()
  assert.equal((await bob.send('GET', `/me/cvs/${cv.id}`)).status, 404)
  assert.equal((await bob.send('PATCH', `/me/cvs/${cv.id}`, { ops: [{ kind: 'set', path: 'summary', value: 'x' }] })).status, 404)
  assert.equal((await call(`/api/v1/me/cvs/${cv.id}`)).status, 401)
})

test('PUT replaces the document and sanitises it: clamps, caps, characters counted as runes, tags and unknown fonts gone', async () => {
  const { person } = await cvApp()
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  const document = {
    margins: { top: 0.1, right: 3, bottom: 0.75 },
    style: { font_family: 'comic-sans', font_size: 10.3, line_height: 2 },
    header: { full_name: 'Łukasz Weiß <b>Жуков</b> 王', email: 'l@example.org', links: ['github.com/lukasz', 'javascript:alert(1)', { label: 'Site', url: 'https://l.example' }], location: 'x'.repeat(300) },
    summary: '王'.repeat(2500),
    experience: Array.from({ length: 35 }, (_, i) => ({ role: `Role ${i}`, bullets: Array.from({ length: 25 }, (_, b) => `b${b}`) })),
    skills: [{ group: 'Languages', items: Array.from({ length: 70 }, (_, i) => `s${i}`) }],
    unknown_section: 'dropped',
  }
  assert.equal((await alice.send('PUT', `/me/cvs/${id}`, { title: 'T', template_id: 'nope', document })).body.error, 'unknown template')
  assert.equal((await alice.send('PUT', `/me/cvs/${id}`, { title: 'T', template_id: 'compact', document: { summary: 5 } })).status, 400)
  const put = await alice.send('PUT', `/me/cvs/${id}`, { title: 'Backend CV', template_id: 'compact', document })
  assert.equal(put.status, 200, JSON.stringify(put.body))
  assert.deepEqual(Object.keys(put.body.data).sort(), ['created_at', 'id', 'template_id', 'title', 'updated_at'])
  const doc = (await alice.send('GET', `/me/cvs/${id}`)).body.data.document
  assert.deepEqual(doc.margins, { top: 0.25, right: 1.5, bottom: 0.75, left: 0.5 })
  assert.deepEqual(doc.style, { font_size: 10.5, line_height: 0.9 })
  assert.equal(doc.header.full_name, 'Łukasz Weiß Жуков 王')
  assert.deepEqual(doc.header.links, ['https://github.com/lukasz', { label: 'Site', url: 'https://l.example' }])
  assert.equal(doc.header.location.length, 160)
  assert.equal(Array.from(doc.summary).length, 2000)
  assert.equal(doc.experience.length, 30)
  assert.equal(doc.experience[0].bullets.length, 20)
  assert.equal(doc.skills[0].items.length, 60)
  assert.equal(doc.unknown_section, undefined)
})

test('an API key reads the CV without the candidate’s identity and edits it as the agent', async () => {
  const { person } = await cvApp()
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  await alice.send('PUT', `/me/cvs/${id}`, { title: 'CV', template_id: 'classic-ats', document: { header: { full_name: 'Alice', email: 'a@example.org', phone: '+1 555', location: 'Berlin', links: ['https://a.example'] }, summary: 'Engineer' } })
  const byKey = await alice.sendKey('GET', `/me/cvs/${id}`)
  assert.deepEqual(byKey.body.data.document.header, { location: 'Berlin' })
  for (const path of ['title', 'template_id', 'header.full_name', 'header.email', 'header.phone', 'header.links[0]', 'header']) {
    const res = await alice.sendKey('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path, value: 'x' }] })
    assert.equal(res.status, 403, path)
  }
  const ok = await alice.sendKey('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path: 'summary', value: 'Backend engineer' }, { kind: 'set', path: 'header.location', value: 'Paris' }] })
  assert.equal(ok.status, 200, JSON.stringify(ok.body))
  const after = (await alice.send('GET', `/me/cvs/${id}`)).body.data.document
  assert.equal(after.summary, 'Backend engineer')
  assert.equal(after.header.full_name, 'Alice')
  assert.equal(after.header.location, 'Paris')
  const cookieEdit = await alice.send('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path: 'title', value: 'Renamed' }] })
  assert.equal(cookieEdit.body.data.title, 'Renamed', 'the candidate is unrestricted')
  for (const route of ['/cv-fonts', `/me/cvs/${id}/revisions`]) assert.equal((await alice.sendKey('GET', route)).status, 401, route)
})

test('PATCH applies set, insert, remove and move as one all-or-nothing batch; errors name the op', async () => {
  const { person } = await cvApp({ cvMaxBullets: 3 })
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  await alice.send('PUT', `/me/cvs/${id}`, { title: 'CV', template_id: 'classic-ats', document: { experience: [{ role: 'A', bullets: ['one', 'two'] }, { role: 'B' }] } })
  const patch = (ops: unknown[], extra = {}) => alice.send('PATCH', `/me/cvs/${id}`, { ops, ...extra })
  const read = async () => (await alice.send('GET', `/me/cvs/${id}`)).body.data.document
  const res = await patch([
    { kind: 'insert', path: 'experience[0].bullets[0]', value: 'zero' },
    { kind: 'move', path: 'experience[1]', to: 0 },
    { kind: 'set', path: 'style.font_size', value: 11 },
    { kind: 'set', path: 'summary', value: 'Hello' },
    { kind: 'remove', path: 'experience[1].bullets[2]' },
  ])
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const doc = await read()
  assert.deepEqual(doc.experience.map((e: { role: string }) => e.role), ['B', 'A'])
  assert.deepEqual(doc.experience[1].bullets, ['zero', 'one'])
  assert.equal(doc.style.font_size, 11)
  const fails = [
    [[{ kind: 'set', path: 'summary', value: 'changed' }, { kind: 'set', path: 'experience[9].role', value: 'x' }], 422, /^op 2 \(set experience\[9\]\.role\)/],
    [[{ kind: 'set', path: 'summary', value: 'changed' }, { kind: 'remove', path: 'experience[5]' }], 422, /^op 2 .*index out of range/],
    [[{ kind: 'set', path: 'Experience..x', value: 1 }], 422, /bad path/],
    [[{ kind: 'set', path: 'summary', value: 42 }], 422, /does not fit/],
    [[{ kind: 'move', path: 'experience[0]', to: 7 }], 422, /index out of range/],
    [[{ kind: 'insert', path: 'experience[1].bullets[0]', value: 'a' }, { kind: 'insert', path: 'experience[1].bullets[0]', value: 'b' }], 409, /at most 3 bullets/],
    [[{ kind: 'set', path: 'template_id', value: 'nope' }], 400, /unknown template/],
  ] as const
  for (const [ops, status, message] of fails) {
    const r = await patch([...ops])
    assert.equal(r.status, status, JSON.stringify(r.body))
    assert.match(r.body.error, message)
  }
  assert.equal((await patch([{ kind: 'set', path: 'summary', value: 'x' }], { extra: 1 })).status, 422, 'unknown fields are refused (malformed ops: 422)')
  assert.equal((await patch([{ kind: 'set', path: 'summary', value: 'x', why: 1 }])).status, 422)
  assert.equal((await patch([])).status, 422)
  assert.deepEqual(await read(), doc, 'failed batches changed nothing')
})

test('the template changes with 204; DELETE removes the CV; DELETE /me erases CVs and revisions', async () => {
  const { person, call, db } = await cvApp()
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  assert.equal((await alice.send('PUT', `/me/cvs/${id}/template`, { template_id: 'sidebar' })).status, 204)
  assert.equal((await alice.send('GET', `/me/cvs/${id}`)).body.data.template_id, 'sidebar')
  assert.equal((await alice.send('PUT', `/me/cvs/${id}/template`, { template_id: 'nope' })).status, 400)
  assert.equal((await alice.send('DELETE', `/me/cvs/${id}`)).status, 204)
  assert.equal((await alice.send('GET', `/me/cvs/${id}`)).status, 404)
  assert.equal((await alice.send('DELETE', `/me/cvs/${id}`)).status, 404)
  const bob = await person()
  const cv = (await bob.send('POST', '/me/cvs', {})).body.data
  await bob.send('PATCH', `/me/cvs/${cv.id}`, { ops: [{ kind: 'set', path: 'summary', value: 'x' }] })
  assert.equal((await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(bob.cookie) })).status, 204)
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM cvs WHERE user_id = ?').get(bob.userId) as { n: number }).n, 0)
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM cv_revisions WHERE cv_id = ?').get(cv.id) as { n: number }).n, 0)
})
