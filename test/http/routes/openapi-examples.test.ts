import { test } from 'node:test'
import assert from 'node:assert/strict'
import { documentChecker } from '../../helpers/openapi.ts'
import { createTestApp } from '../../helpers/app.ts'
import { freePort } from '../../helpers/net.ts'
import { createSourcesApp } from '../../sources/sources-app.ts'

/**
 * Issue 44, point 8: a generated client must not get `unknown`. The main answers carry examples that
 * validate against their own schemas, and the account operations a client calls first are typed.
 */
const { call } = createTestApp()
const document = (await call('/api/v1/openapi.json')).body
const { ajv, validatorFor } = documentChecker(document)
const success = (method: string, path: string) => {
  const operation = document.paths[path]?.[method]
  assert.ok(operation, `${method} ${path} is documented`)
  const [, response] = Object.entries<any>(operation.responses).find(([status]) => Number(status) < 300)!
  return response.content['application/json']
}

test('every example in the document validates against the schema beside it', () => {
  let examples = 0
  for (const [path, operations] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(operations)) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const media = response.content?.['application/json']
        if (media?.example === undefined) continue
        examples += 1
        const validate = validatorFor(media.schema)
        assert.ok(validate(media.example), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`)
      }
    }
  }
  assert.ok(examples >= 5, `${examples} examples`)
})

test('the main answers carry examples: job search, a job, facets, companies, a company, a CV, the résumé, a match analysis', () => {
  for (const [method, path] of [['get', '/jobs/search'], ['get', '/jobs/{slug}'], ['get', '/jobs/facets'], ['get', '/companies'], ['get', '/companies/{slug}'], ['get', '/me/cvs/{id}'], ['get', '/me/resume'], ['post', '/jobs/{slug}/match-analysis']] as const) {
    assert.notEqual(success(method, path).example, undefined, `${method} ${path}`)
  }
})

test('account, notification and discussion answers are typed, not the bare envelope', () => {
  const typed = [
    ['get', '/auth/me'], ['get', '/me/api-keys'], ['post', '/me/api-keys'], ['patch', '/me/timezone'], ['patch', '/me/language'],
    ['post', '/me/notifications/read-all'], ['get', '/me/notifications/{id}'], ['post', '/me/notifications/{id}/read'],
    ['post', '/threads'], ['post', '/threads/{id}/replies'], ['post', '/threads/{id}/close'],
    ['post', '/auth/logout-all'], ['get', '/me/telegram'], ['post', '/me/telegram/link'], ['get', '/me/discord'], ['post', '/me/discord/link'],
    ['get', '/admin/sources'], ['post', '/admin/sources'], ['delete', '/admin/sources/{id}'], ['post', '/admin/sources/{id}/crawl'],
  ] as const
  for (const [method, path] of typed) {
    assert.notEqual(success(method, path).schema.$ref, '#/components/schemas/Envelope', `${method} ${path}`)
  }
})

test('the moderators’ source answers validate against their documented schemas', async () => {
  const app = await createSourcesApp({ sourcesRetries: 0 })
  const documented = (method: string, path: string, status: number) => validatorFor(document.paths[path][method].responses[String(status)].content['application/json'].schema)
  const expect = (response: { status: number; body: unknown }, method: string, path: string, status: number) => {
    assert.equal(response.status, status, JSON.stringify(response.body))
    const validate = documented(method, path, status)
    assert.ok(validate(response.body), `${method} ${path}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(response.body)}`)
  }
  const added = await app.admin('POST', '/admin/sources', { name: 'greenhouse:refused', url: `http://127.0.0.1:${await freePort()}/v1/boards/refused/jobs` })
  expect(added, 'post', '/admin/sources', 201)
  expect(await app.admin('POST', `/admin/sources/${added.body.data.id}/crawl`), 'post', '/admin/sources/{id}/crawl', 200)
  expect(await app.admin('GET', '/admin/sources'), 'get', '/admin/sources', 200)
  expect(await app.admin('DELETE', `/admin/sources/${added.body.data.id}`), 'delete', '/admin/sources/{id}', 200)
})
