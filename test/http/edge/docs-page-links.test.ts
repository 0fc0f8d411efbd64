import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../../helpers/app.ts'

// The reference is reached as /api/v1/docs and as /api/v1/docs/ (both answer the page): every
// link, script and the spec Redoc loads must resolve to something this server serves either way.
test('the docs page links resolve from /api/v1/docs and /api/v1/docs/ alike', async () => {
  const { call } = createTestApp()
  for (const pagePath of ['/api/v1/docs', '/api/v1/docs/']) {
    const page = await call(pagePath)
    assert.equal(page.status, 200)
    const pageUrl = new URL(pagePath, 'http://localhost')
    const refs = [...String(page.body).matchAll(/(?:href|src|data-spec)="([^"]+)"/g)].map((match) => match[1]!)
    assert.ok(refs.some((ref) => ref.endsWith('openapi.json')), 'the page names the document')
    for (const ref of refs) {
      const url = new URL(ref, pageUrl)
      if (url.origin !== pageUrl.origin) continue
      const linked = await call(url.pathname + url.search)
      assert.equal(linked.status, 200, `${ref} from ${pagePath} resolves to ${url.pathname}`)
    }
    const spec = new URL(/data-spec="([^"]+)"/.exec(String(page.body))![1]!, pageUrl)
    assert.equal((await call(spec.pathname)).body.openapi, '3.1.0')
  }
})
