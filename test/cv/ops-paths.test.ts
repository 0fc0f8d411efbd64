import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cvApp } from './cv-fixture.ts'

// PATCH paths name keys of the CV document. `__proto__`, `constructor` and `prototype` name none:
// followed, `__proto__.x` wrote onto Object.prototype and broke every later request of the process.
test('PATCH /me/cvs/{id}: prototype keys in a path are a 422 and reach nothing', async () => {
  const { person } = await cvApp()
  const alice = await person()
  const cv = (await alice.send('POST', '/me/cvs', {})).body.data
  const paths = ['__proto__.polluted', 'constructor.prototype.polluted', 'header.__proto__.polluted', 'skills[0].__proto__', '__proto__', 'prototype.polluted']
  for (const path of paths) {
    for (const sender of [alice.send, alice.sendKey]) {
      const response = await sender('PATCH', `/me/cvs/${cv.id}`, { ops: [{ kind: 'set', path, value: 1 }] })
      assert.equal(response.status, 422, `${path}: ${JSON.stringify(response.body)}`)
      assert.match(response.body.error, /bad path/)
    }
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched')
  const after = await alice.send('PATCH', `/me/cvs/${cv.id}`, { ops: [{ kind: 'set', path: 'summary', value: 'Still works.' }] })
  assert.equal(after.status, 200, JSON.stringify(after.body))
  assert.equal((await alice.send('GET', `/me/cvs/${cv.id}`)).body.data.document.summary, 'Still works.')
})
