import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cvApp } from './cv-fixture.ts'

// The revision log through HTTP: every write is a revision, undo of one revision keeps later edits
// to other parts, an overwritten edit cannot be undone, and a whole agent run is undone at once.

async function cvWithEdits() {
  const { person } = await cvApp()
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  const patch = (ops: unknown[], note?: string) => alice.send('PATCH', `/me/cvs/${id}`, { ops, ...(note ? { note } : {}) })
  const revisions = async () => (await alice.send('GET', `/me/cvs/${id}/revisions`)).body.data
  const doc = async () => (await alice.send('GET', `/me/cvs/${id}`)).body.data
  return { alice, id, patch, revisions, doc }
}

test('each write is a revision, newest first, with its actor, origin and paths', async () => {
  const { alice, id, patch, revisions } = await cvWithEdits()
  await patch([{ kind: 'set', path: 'summary', value: 'First' }], 'why not')
  await alice.send('PUT', `/me/cvs/${id}/template`, { template_id: 'timeline' })
  await alice.sendKey('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path: 'languages', value: [{ name: 'German', level: 'B2' }] }] })
  const list = await revisions()
  assert.deepEqual(list.map((r: { actor: string; origin: string }) => `${r.actor}/${r.origin}`), ['agent/tailor_agent', 'candidate/template', 'candidate/editor'])
  assert.deepEqual(list[2].paths, ['summary'])
  assert.equal(list[2].note, 'why not')
  assert.match(list[0].batch_id, /^[0-9a-f-]{36}$/, 'agent edits carry the run they belong to')
  assert.equal(list[2].batch_id, undefined)
  assert.ok(list.every((r: { undoable: boolean; reverted: boolean }) => r.undoable && !r.reverted))
  assert.equal((await alice.send('GET', '/me/cvs/nope/revisions')).status, 404)
})

test('undo of one revision keeps later edits; a second undo or an overwritten edit is 409', async () => {
  const { alice, id, patch, revisions, doc } = await cvWithEdits()
  await patch([{ kind: 'set', path: 'summary', value: 'First' }])
  await patch([{ kind: 'set', path: 'skills', value: [{ group: 'Go', items: ['go'] }] }])
  await patch([{ kind: 'set', path: 'summary', value: 'Second' }])
  const [second, skills, first] = await revisions()
  assert.equal(first.undoable, false, 'a later edit changed the summary again')
  const blocked = await alice.send('POST', `/me/cvs/${id}/revisions/${first.id}/undo`)
  assert.equal(blocked.status, 409)
  assert.match(blocked.body.error, /^this edit can no longer be undone/)

  const undone = await alice.send('POST', `/me/cvs/${id}/revisions/${second.id}/undo`)
  assert.equal(undone.status, 200, JSON.stringify(undone.body))
  assert.equal(undone.body.data.cv.id, id)
  assert.equal(undone.body.data.revision.reverts_id, second.id)
  let current = (await doc()).document
  assert.equal(current.summary, 'First', 'the summary is back to what it was before that edit')
  assert.deepEqual(current.skills, [{ group: 'Go', items: ['go'] }], 'the later skills edit survives')

  const undoSkills = await alice.send('POST', `/me/cvs/${id}/revisions/${skills.id}/undo`)
  assert.equal(undoSkills.status, 200)
  current = (await doc()).document
  assert.equal(current.skills, undefined)
  assert.equal(current.summary, 'First')

  const again = await alice.send('POST', `/me/cvs/${id}/revisions/${second.id}/undo`)
  assert.equal(again.status, 409)
  assert.equal(again.body.error, 'there is nothing to undo')
  const list = await revisions()
  assert.equal(list.length, 5, 'the log is append-only: undos are revisions too')
  assert.equal(list.find((r: { id: string }) => r.id === second.id).reverted, true)
  assert.equal((await alice.send('POST', `/me/cvs/${id}/revisions/${undone.body.data.revision.id}/undo`)).body.error, 'there is nothing to undo')
  for (const rid of ['nope', '00000000-0000-4000-8000-000000000000']) {
    const missing = await alice.send('POST', `/me/cvs/${id}/revisions/${rid}/undo`)
    assert.equal(missing.status, 404)
    assert.equal(missing.body.error, 'revision not found')
  }
})

test('batch undo reverts every standing edit of one agent run, newest first, and is 409 once done', async () => {
  const { alice, id, patch, revisions, doc } = await cvWithEdits()
  await patch([{ kind: 'set', path: 'summary', value: 'Mine' }])
  await alice.sendKey('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path: 'summary', value: 'Agent 1' }] })
  await alice.sendKey('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path: 'summary', value: 'Agent 2' }, { kind: 'set', path: 'projects', value: [{ name: 'P' }] }] })
  await patch([{ kind: 'set', path: 'style.font_size', value: 9 }])
  const batch = (await revisions())[1].batch_id
  const res = await alice.send('POST', `/me/cvs/${id}/revisions/batch/${batch}/undo`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.data.id, id)
  const current = (await doc()).document
  assert.equal(current.summary, 'Mine')
  assert.equal(current.projects, undefined)
  assert.equal(current.style.font_size, 9, 'the candidate’s later edit survives')
  const again = await alice.send('POST', `/me/cvs/${id}/revisions/batch/${batch}/undo`)
  assert.equal(again.status, 409)
  assert.equal(again.body.error, 'there is nothing to undo')
  const unknown = await alice.send('POST', `/me/cvs/${id}/revisions/batch/some-run/undo`)
  assert.equal(unknown.status, 404)
  assert.equal(unknown.body.error, 'run not found')
})
