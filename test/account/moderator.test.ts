import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { grantModerator } from '../../src/account/account-admin.ts'

test('moderator routes: 401 anonymous, 403 for other accounts, 200 once the role is granted (session or key)', async () => {
  const { call, ctx } = createTestApp()
  const mod = await signUp(call, { email: 'mod@example.org' })
  await signUp(call, { email: 'someone@example.org' })

  const anonymous = await call('/api/v1/admin/users')
  assert.equal(anonymous.status, 401)
  assert.equal(typeof anonymous.body.error, 'string')
  const user = await call('/api/v1/admin/users', { headers: sessionHeaders(mod.cookie) })
  assert.equal(user.status, 403)
  assert.match(user.body.error, /moderator/)

  grantModerator(ctx, 'MOD@example.org')
  const list = await call('/api/v1/admin/users?limit=1', { headers: sessionHeaders(mod.cookie) })
  assert.equal(list.status, 200)
  assert.deepEqual(list.body.meta, { total: 2, limit: 1, offset: 0 })
  assert.equal(list.body.data[0].email, 'someone@example.org')
  assert.ok(!('password_hash' in list.body.data[0]))

  const me = await call('/api/v1/auth/me', { headers: sessionHeaders(mod.cookie) })
  assert.equal(me.body.data.role, 'moderator')
  const key = await createApiKey(call, mod.cookie)
  const filtered = await call('/api/v1/admin/users?q=MOD%40', { headers: bearerHeaders(key) })
  assert.equal(filtered.status, 200)
  assert.deepEqual(filtered.body.data.map((u: { email: string }) => u.email), ['mod@example.org'])
  const wildcard = await call('/api/v1/admin/users?q=%25', { headers: bearerHeaders(key) })
  assert.deepEqual(wildcard.body.data, [], 'LIKE wildcards in q are literal')
})

test('granting the role to an unknown email fails clearly', () => {
  const { ctx } = createTestApp()
  assert.throws(() => grantModerator(ctx, 'nobody@example.org'), /no account/)
})
