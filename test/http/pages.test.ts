import { test } from 'node:test'
import assert from 'node:assert/strict'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

const company = { slug: 'globex', name: 'Globex <Corp>', tagline: 'Logistics & more', homepage: 'https://globex.example' }
const jobs = [
  fixtureJob({ title: 'Senior Rust Engineer', company, location: 'Berlin, Germany', cities: [{ name: 'Berlin', country: 'de' }], countries: ['de'], workMode: 'hybrid', employmentType: 'full_time', salaryMin: 80000, salaryMax: 100000, salaryCurrency: 'EUR', salaryPeriod: 'year', skills: [{ slug: 'rust', name: 'Rust' }], descriptionHtml: '<p>Build <b>fast</b> things. </script><script>alert(1)</script></p>', descriptionText: 'Build fast things.' }),
  fixtureJob({ title: 'Remote Go Developer', company, workMode: 'remote', countries: ['us'] }),
  fixtureJob({ title: 'Old Role', company, closedAt: '2026-11-01T00:00:00.000Z' }),
]

const ldOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!))
const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1]

test('a job page is served with its content, Open Graph tags and schema.org JobPosting JSON-LD', async () => {
  const { get } = createTestApp({ jobs })
  const slug = (await get('/api/v1/jobs/search?q=rust')).body.data[0].public_slug
  const page = await get(`/jobs/${slug}`)
  assert.equal(page.status, 200)
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/)
  const html = page.body as string
  assert.match(html, /<title>Senior Rust Engineer at Globex &lt;Corp&gt; · openroles<\/title>/)
  assert.match(html, /<h1 id="job-title">Senior Rust Engineer<\/h1>/)
  assert.match(html, /<div class="job-description"><p>Build <b>fast<\/b> things/)
  assert.equal(meta(html, 'og:title'), 'Senior Rust Engineer at Globex &lt;Corp&gt;')
  assert.equal(meta(html, 'og:url'), `http://localhost/jobs/${slug}`)
  const [ld] = ldOf(html)
  assert.equal(ld['@type'], 'JobPosting')
  for (const field of ['title', 'description', 'datePosted', 'hiringOrganization']) assert.ok(ld[field], field)
  assert.equal(ld.hiringOrganization.name, 'Globex <Corp>')
  assert.equal(ld.hiringOrganization.sameAs, 'https://globex.example')
  assert.deepEqual(ld.jobLocation, [{ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' } }])
  assert.equal(ld.employmentType, 'FULL_TIME')
  assert.deepEqual(ld.baseSalary, { '@type': 'MonetaryAmount', currency: 'EUR', value: { '@type': 'QuantitativeValue', minValue: 80000, maxValue: 100000, unitText: 'YEAR' } })
  assert.ok(!/<\/script><script>alert/.test(html.split('application/ld+json')[1]!.split('</script>')[0]!), 'JSON-LD cannot be closed early')

  const remoteSlug = (await get('/api/v1/jobs/search?q=remote%20go')).body.data[0].public_slug
  const [remote] = ldOf((await get(`/jobs/${remoteSlug}`)).body as string)
  assert.equal(remote.jobLocationType, 'TELECOMMUTE')
  assert.deepEqual(remote.applicantLocationRequirements, [{ '@type': 'Country', name: 'US' }])
})

test('an unknown job or company is a 404 page; a closed job is served but not indexed', async () => {
  const { get, db } = createTestApp({ jobs })
  const missing = await get('/jobs/no-such-job')
  assert.equal(missing.status, 404)
  assert.match(missing.body as string, /Job not found/)
  assert.match(missing.body as string, /<meta name="robots" content="noindex">/)
  assert.equal((await get('/companies/no-such-company')).status, 404)
  const closed = db.prepare("SELECT public_slug FROM jobs WHERE title = 'Old Role'").pluck().get() as string
  const page = await get(`/jobs/${closed}`)
  assert.equal(page.status, 200)
  assert.match(page.body as string, /noindex/)
  assert.ok(ldOf(page.body as string)[0].validThrough)
})

test('a company page lists its open roles with Organization JSON-LD', async () => {
  const { get } = createTestApp({ jobs })
  const page = await get('/companies/globex')
  assert.equal(page.status, 200)
  const html = page.body as string
  assert.match(html, /<h1>Globex &lt;Corp&gt;<\/h1>/)
  assert.match(html, /2 open roles/)
  assert.doesNotMatch(html, /Old Role/)
  assert.equal(ldOf(html)[0]['@type'], 'Organization')
})

test('the sitemap lists open postings and hiring companies; robots.txt points at it', async () => {
  const { get, db } = createTestApp({ jobs })
  const parser = new XMLParser({ isArray: (name) => ['sitemap', 'url'].includes(name) })
  const index = await get('/sitemap.xml')
  assert.equal(XMLValidator.validate(index.body as string), true)
  const locs = parser.parse(index.body as string).sitemapindex.sitemap.map((s: { loc: string }) => s.loc)
  assert.deepEqual(locs, ['http://localhost/sitemaps/jobs-1.xml', 'http://localhost/sitemaps/companies.xml'])
  const part = await get('/sitemaps/jobs-1.xml')
  assert.equal(XMLValidator.validate(part.body as string), true)
  const urls = parser.parse(part.body as string).urlset.url.map((u: { loc: string }) => u.loc)
  const open = db.prepare('SELECT public_slug FROM jobs WHERE closed_at IS NULL ORDER BY id').pluck().all() as string[]
  assert.deepEqual(urls, open.map((slug) => `http://localhost/jobs/${slug}`))
  const companies = parser.parse((await get('/sitemaps/companies.xml')).body as string).urlset.url.map((u: { loc: string }) => u.loc)
  assert.deepEqual(companies, ['http://localhost/companies/globex'])
  assert.match((await get('/robots.txt')).body as string, /Sitemap: http:\/\/localhost\/sitemap\.xml/)
})
