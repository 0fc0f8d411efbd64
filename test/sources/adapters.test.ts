import { test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { startStandIn, type StandIn } from './stand-in-boards.ts'
import { createSourcesApp } from './sources-app.ts'
import * as shapes from './board-shapes.ts'

/**
 * Each adapter against a stand-in serving its vendor's documented shape: the postings land in the
 * catalogue through the importer (searchable, enriched), keyed by the board's own id, with the
 * apply URL, location and stated pay; malformed entries are skipped and counted.
 */
let board: StandIn
before(async () => {
  board = await startStandIn()
})
after(() => board.close())

/** Crawls one source and returns the report and the full job read of each posting of that source. */
async function crawlAndRead(name: string, url: string, company?: string) {
  const app = await createSourcesApp()
  const id = await app.addSource(name, { url, company })
  const report = await app.crawl(id)
  const source = name.split(':')[0]
  const found = await app.search(`source=${source}&limit=100`)
  const jobs = await Promise.all(found.data.map(async (j: { public_slug: string }) => (await app.call(`/api/v1/jobs/${j.public_slug}`)).body.data))
  jobs.sort((a: { external_id: string }, b: { external_id: string }) => a.external_id.localeCompare(b.external_id))
  return { app, report, jobs }
}

test('Greenhouse: jobs with their decoded HTML, absolute_url and location; entries without id or title are skipped and counted', async () => {
  board.serve('/v1/boards/acme/jobs', {
    body: shapes.greenhouseBoard([shapes.greenhouseJob(101, 'Senior Go Engineer'), shapes.greenhouseJob(102, 'Site Reliability Engineer'), { id: 103 }, 'garbage', { title: 'No id' }]),
  })
  const { report, jobs } = await crawlAndRead('greenhouse:acme', `${board.origin}/v1/boards/acme/jobs?content=true`, 'Acme')
  assert.equal(report.ok, true)
  assert.deepEqual([report.listed, report.new, report.errors], [2, 2, 3])
  assert.deepEqual(report.problems.map((p: { reason: string }) => p.reason).sort(), ['entry has no id', 'entry has no title', 'entry is not an object'])
  assert.deepEqual(jobs.map((j: { external_id: string }) => j.external_id), ['101', '102'])
  assert.equal(jobs[0].source, 'greenhouse')
  assert.equal(jobs[0].company, 'Acme')
  assert.equal(jobs[0].url, 'https://boards.greenhouse.io/acme/jobs/101')
  assert.equal(jobs[0].location, 'Berlin, Germany')
  assert.match(jobs[0].description, /<strong>Go<\/strong>/)
  assert.ok(jobs[0].skills.includes('go'), 'enrichment read the decoded description')
  assert.ok(board.requests.some((r) => r.path === '/v1/boards/acme/jobs' && r.query.get('content') === 'true'))
})

test('Lever: every page is read (skip/limit), with the apply URL, hybrid work mode, country and salary range', async () => {
  const postings = Array.from({ length: 130 }, (_, i) => shapes.leverPosting(`lev-${String(i).padStart(3, '0')}`, `Rust Engineer ${i}`))
  board.serve('/v0/postings/acme', (_request, url) => {
    const skip = Number(url.searchParams.get('skip') ?? 0)
    const limit = Number(url.searchParams.get('limit') ?? 100)
    return { body: postings.slice(skip, skip + limit) }
  })
  const { app, report } = await crawlAndRead('lever:acme', `${board.origin}/v0/postings/acme?mode=json`)
  assert.deepEqual([report.ok, report.listed, report.new, report.errors], [true, 130, 130, 0])
  assert.deepEqual(board.requests.filter((r) => r.path === '/v0/postings/acme').map((r) => r.query.get('skip')), ['0', '100'])
  assert.equal((await app.search('source=lever&limit=1')).meta.total, 130)
  const slug = (await app.search('q=rust%20engineer%20129')).data[0].public_slug
  const first = (await app.call(`/api/v1/jobs/${slug}`)).body.data
  assert.equal(first.external_id, 'lev-129')
  assert.equal(first.url, 'https://jobs.lever.co/acme/lev-129/apply')
  assert.equal(first.work_mode, 'hybrid')
  assert.deepEqual(first.countries, ['gb'])
  assert.deepEqual([first.enrichment.salary_min, first.enrichment.salary_max, first.enrichment.salary_currency, first.enrichment.salary_period], [70000, 90000, 'GBP', 'year'])
  assert.match(first.description, /Requirements/)
})

test('Ashby: listed jobs with the Salary component of their compensation; unlisted jobs are not on the board', async () => {
  board.serve('/posting-api/job-board/acme', {
    body: { apiVersion: '1', jobs: [shapes.ashbyJob('a-1', 'Data Engineer'), shapes.ashbyJob('a-2', 'Hidden Role', { isListed: false }), shapes.ashbyJob('a-3', '')] },
  })
  const { report, jobs } = await crawlAndRead('ashby:acme', `${board.origin}/posting-api/job-board/acme?includeCompensation=true`)
  assert.deepEqual([report.ok, report.listed, report.new, report.errors], [true, 1, 1, 1])
  assert.equal(jobs.length, 1)
  assert.equal(jobs[0].external_id, 'a-1')
  assert.equal(jobs[0].url, 'https://jobs.ashbyhq.com/acme/a-1/application')
  assert.equal(jobs[0].work_mode, 'remote')
  assert.deepEqual([jobs[0].enrichment.salary_min, jobs[0].enrichment.salary_max, jobs[0].enrichment.salary_currency], [140000, 170000, 'CAD'])
  assert.equal(jobs[0].enrichment.employment_type, 'full_time')
})

test('Workable: the account name names the company; shortcode is the id; telecommuting is remote', async () => {
  board.serve('/api/v1/widget/accounts/acme', { body: { name: 'Acme Studio', description: 'Games', jobs: [shapes.workableJob('AB12CD34EF', 'Frontend Engineer'), shapes.workableJob('', 'No code')] } })
  const { report, jobs } = await crawlAndRead('workable:acme', `${board.origin}/api/v1/widget/accounts/acme?details=true`)
  assert.deepEqual([report.ok, report.new, report.errors], [true, 1, 1])
  assert.equal(jobs[0].external_id, 'AB12CD34EF')
  assert.equal(jobs[0].company, 'Acme Studio')
  assert.equal(jobs[0].url, 'https://apply.workable.com/j/AB12CD34EF/apply')
  assert.equal(jobs[0].location, 'Lisbon, Lisbon, Portugal')
  assert.equal(jobs[0].work_mode, 'remote')
})

test('SmartRecruiters: pages by offset up to totalFound, and the job ad is read for new postings only', async () => {
  const list = Array.from({ length: 105 }, (_, i) => shapes.smartPosting(String(5000 + i), `Embedded Engineer ${i}`))
  board.serve('/v1/companies/acme/postings', (_request, url) => {
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const limit = Number(url.searchParams.get('limit') ?? 10)
    return { body: { offset, limit, totalFound: list.length, content: list.slice(offset, offset + limit) } }
  })
  for (const p of list) board.serve(`/v1/companies/acme/postings/${p.id}`, { body: shapes.smartDetail(p.id, p.name) })
  const app = await createSourcesApp()
  const id = await app.addSource('smartrecruiters:acme', { url: `${board.origin}/v1/companies/acme/postings` })
  const report = await app.crawl(id)
  assert.deepEqual([report.ok, report.listed, report.new], [true, 105, 105])
  const detailHits = () => board.requests.filter((r) => r.path.startsWith('/v1/companies/acme/postings/')).length
  assert.equal(detailHits(), 105)
  const slug = (await app.search('q=embedded%20engineer%2042')).data[0].public_slug
  const job = (await app.call(`/api/v1/jobs/${slug}`)).body.data
  assert.equal(job.company, 'Acme Robotics')
  assert.equal(job.url, 'https://jobs.smartrecruiters.com/acme/5042-apply')
  assert.match(job.description, /embedded C\+\+/)
  assert.deepEqual(job.countries, ['pl'])

  const again = await app.crawl(id)
  assert.deepEqual([again.unchanged, again.new, again.updated], [105, 0, 0])
  assert.equal(detailHits(), 105, 'unchanged postings are not read again')
})

test('Recruitee: offers with the apply URL, hybrid mode, country code and salary', async () => {
  board.serve('/api/offers/', { body: { offers: [shapes.recruiteeOffer(301, 'DevOps Engineer'), shapes.recruiteeOffer(302, 'Cloud Engineer', { salary: { min: 1, max: 2, currency: 'euros', period: 'year' } })] } })
  const { report, jobs } = await crawlAndRead('recruitee:acme', `${board.origin}/api/offers/`)
  assert.deepEqual([report.ok, report.new, report.errors], [true, 2, 0])
  assert.equal(jobs[0].company, 'Acme BV')
  assert.equal(jobs[0].url, 'https://acme.recruitee.com/o/offer-301/c/new')
  assert.equal(jobs[0].work_mode, 'hybrid')
  assert.deepEqual(jobs[0].countries, ['nl'])
  assert.deepEqual([jobs[0].enrichment.salary_min, jobs[0].enrichment.salary_currency, jobs[0].enrichment.salary_period], [60000, 'EUR', 'year'])
  assert.equal(jobs[1].enrichment.salary_currency, undefined, 'a currency that is not ISO 4217 is left out, the posting kept')
})

test('Personio: positions of the XML feed, their descriptions, offices and job page URL', async () => {
  board.serve('/xml', {
    body: shapes.personioXml([{ id: '1234567', name: 'Java Developer' }, { id: '1234568', name: 'Working Student Backend', schedule: 'part-time' }, { id: '', name: 'No id' }]),
    headers: { 'content-type': 'application/xml' },
  })
  const { report, jobs } = await crawlAndRead('personio:acme', `${board.origin}/xml?language=en`)
  assert.deepEqual([report.ok, report.new, report.errors], [true, 2, 1])
  assert.equal(jobs[0].company, 'Acme GmbH')
  assert.equal(jobs[0].url, `${board.origin}/job/1234567`)
  assert.equal(jobs[0].location, 'Munich / Berlin')
  assert.match(jobs[0].description, /Java &amp; Spring|Java & Spring/)
  assert.equal(jobs[1].enrichment.employment_type, 'part_time')
})

test('Careers page: JobPosting JSON-LD (alone, in @graph, in an ItemList) with salary and location; broken scripts are counted', async () => {
  const graph = { '@context': 'https://schema.org', '@graph': [{ '@type': 'Organization', name: 'Acme Pay' }, shapes.jobPostingLd('jp-2', 'Payments Engineer')] }
  const list = { '@context': 'https://schema.org', '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, item: shapes.jobPostingLd('jp-3', 'Fraud Analyst', { hiringOrganization: undefined }) }] }
  board.serve('/careers', { body: shapes.careersPage([JSON.stringify(shapes.jobPostingLd('jp-1', 'Backend Engineer (Go)')), JSON.stringify(graph), JSON.stringify(list), '{ not json']), headers: { 'content-type': 'text/html' } })
  const { report, jobs } = await crawlAndRead(`careers:${board.origin}/careers`, `${board.origin}/careers`, 'Acme Pay')
  assert.deepEqual([report.ok, report.new, report.errors], [true, 3, 1])
  assert.deepEqual(jobs.map((j: { external_id: string }) => j.external_id), ['127.0.0.1:jp-1', '127.0.0.1:jp-2', '127.0.0.1:jp-3'].map((id) => id.replace('127.0.0.1', board.host)))
  assert.equal(jobs[0].source, 'careers')
  assert.equal(jobs[0].url, 'https://acme-pay.example/careers/jp-1')
  assert.deepEqual([jobs[0].enrichment.salary_min, jobs[0].enrichment.salary_max, jobs[0].enrichment.salary_currency], [65000, 80000, 'EUR'])
  assert.equal(jobs[2].company, 'Acme Pay', 'the page company stands in for a missing hiringOrganization')
})

test('RSS and Atom feeds: items by guid; an Atom feed is followed through rel="next" pages', async () => {
  board.serve('/jobs.rss', { body: shapes.rssFeed([{ guid: 'r-1', title: 'iOS Engineer' }, { guid: 'r-2', title: 'Senior iOS Engineer' }, { guid: 'r-3', title: '' }]) })
  const rss = await crawlAndRead(`feed:${board.origin}/jobs.rss`, `${board.origin}/jobs.rss`, 'Acme Mobile')
  assert.deepEqual([rss.report.ok, rss.report.new, rss.report.errors], [true, 2, 1])
  assert.equal(rss.jobs[0].external_id, `${board.host}:r-1`)
  assert.equal(rss.jobs[0].url, 'https://jobs.acme.example/r-1')
  assert.equal(rss.jobs[0].company, 'Acme Mobile')

  board.serve('/jobs.atom', { body: shapes.atomFeed([{ id: 'urn:acme:job:1', title: 'Android Engineer' }], `${board.origin}/jobs.atom.2`) })
  board.serve('/jobs.atom.2', { body: shapes.atomFeed([{ id: 'urn:acme:job:2', title: 'Android Lead' }]) })
  const atom = await crawlAndRead(`feed:${board.origin}/jobs.atom`, `${board.origin}/jobs.atom`)
  assert.deepEqual([atom.report.ok, atom.report.new], [true, 2])
  assert.deepEqual(atom.jobs.map((j: { external_id: string }) => j.external_id), ['urn:acme:job:1', 'urn:acme:job:2'])
  assert.match(atom.jobs[0].description, /Kotlin/)
})
