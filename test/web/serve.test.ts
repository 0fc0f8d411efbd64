import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

test('GET / serves the search page shell with its hashed assets, not the API 404', async () => {
  const { app } = createTestApp()
  const response = await app.request('/')
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8')
  assert.equal(response.headers.get('cache-control'), 'no-cache')
  assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self'/)
  const html = await response.text()
  const script = html.match(/src="\/assets\/(main-[A-Z0-9]+\.js)"/)?.[1]
  const style = html.match(/href="\/assets\/(styles-[A-Z0-9]+\.css)"/)?.[1]
  assert.ok(script, 'the shell links a hashed script')
  assert.ok(style, 'the shell links a hashed stylesheet')

  const js = await app.request(`/assets/${script}`)
  assert.equal(js.status, 200)
  assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8')
  assert.equal(js.headers.get('cache-control'), 'public, max-age=31536000, immutable')
  assert.match(await js.text(), /\/api\/v1/)
  const css = await app.request(`/assets/${style}`)
  assert.equal(css.status, 200)
  assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8')
  assert.match(await css.text(), /\.job-card/)
})

test('job and company pages load the same script and styles as the search page, so shared links open directly', async () => {
  const { app, db } = createTestApp({ jobs: [fixtureJob({ title: 'Rust Engineer' })] })
  const home = await (await app.request('/')).text()
  assert.equal(await (await app.request('/?q=rust&work_mode=remote')).text(), home)
  const assetTags = (html: string) => html.match(/<(?:script type="module"|link rel="stylesheet")[^>]*>/g)
  const slug = db.prepare('SELECT public_slug FROM jobs').pluck().get() as string
  for (const path of [`/jobs/${slug}`, '/companies/acme']) {
    const response = await app.request(path)
    assert.equal(response.status, 200, path)
    assert.deepEqual(assetTags(await response.text()), assetTags(home), path)
  }
  const head = await app.request('/', { method: 'HEAD' })
  assert.equal(head.status, 200)
  assert.equal(head.headers.get('content-type'), 'text/html; charset=utf-8')
  assert.equal(await head.text(), '')
})

test('a matching ETag gets 304 and gzip is served when accepted', async () => {
  const { app } = createTestApp()
  const first = await app.request('/')
  const etag = first.headers.get('etag')
  assert.ok(etag)
  const again = await app.request('/', { headers: { 'if-none-match': etag } })
  assert.equal(again.status, 304)
  assert.equal(await again.text(), '')
  const gzipped = await app.request('/', { headers: { 'accept-encoding': 'gzip, br' } })
  assert.equal(gzipped.status, 200)
  assert.equal(gzipped.headers.get('content-encoding'), 'gzip')
})

test('an unknown asset is a 404 with the error envelope, and the API keeps its own 404', async () => {
  const { get } = createTestApp()
  const asset = await get('/assets/main-NOPE.js')
  assert.equal(asset.status, 404)
  assert.equal(typeof asset.body.error, 'string')
  const api = await get('/api/v1/nope')
  assert.equal(api.status, 404)
  assert.equal(typeof api.body.error, 'string')
  const other = await get('/jobs/a/b')
  assert.equal(other.status, 404)
})
