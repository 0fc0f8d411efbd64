import { test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { startStandIn, type StandIn } from './stand-in-boards.ts'
import { createSourcesApp } from './sources-app.ts'
import { boardApiCases, type BoardCase } from '../ingest/corpus/board-apis.ts'
import { leverPosting } from './board-shapes.ts'

/**
 * What real boards state and real postings say, through a crawl and the public API: each board
 * shape's edge cases of issue 41 (served from the labelled board corpus, test/ingest/corpus/board-apis.ts).
 * Distinct jobs stay distinct cards, pay is read only from pay statements (cents kept), the
 * employer and places the board states are used, perks do not make office jobs remote, and each
 * derived value says where it came from.
 */
let board: StandIn
let app: Awaited<ReturnType<typeof createSourcesApp>>
before(async () => {
  board = await startStandIn()
  app = await createSourcesApp()
})
after(() => board.close())

const cases = new Map(boardApiCases().map((c) => [`${c.kind}:${c.token}`, c]))

const crawled = new Map<string, Promise<Map<string, Record<string, any>>>>()
/** Serves a corpus board on the stand-in, crawls it once, and returns its postings by external id (full job reads). */
function crawl(key: string) {
  if (!crawled.has(key)) crawled.set(key, crawlOnce(key))
  return crawled.get(key)!
}

async function crawlOnce(key: string) {
  const c: BoardCase = cases.get(key)!
  for (const [path, body] of Object.entries(c.responses)) board.serve(path, { body: body as string | object })
  const url = new URL(c.url)
  const name = c.kind === 'feed' || c.kind === 'careers' ? `${c.kind}:${board.origin}${url.pathname}` : `${c.kind}:${c.token}`
  const id = await app.addSource(name, { url: `${board.origin}${url.pathname}${url.search}`, company: c.company })
  const report = await app.crawl(id)
  assert.equal(report.ok, true, JSON.stringify(report))
  // Every posting of the board, read one by one through the API (search shows one card per role).
  const jobs = new Map<string, Record<string, any>>()
  for (const slug of app.db.prepare('SELECT public_slug FROM jobs WHERE id IN (SELECT job_id FROM board_postings WHERE board_source_id = ?) ORDER BY id').pluck().all(id) as string[]) {
    const job = (await app.call(`/api/v1/jobs/${slug}`)).body.data
    jobs.set(String(job.external_id).replace(`${board.host}:`, ''), job)
  }
  return jobs
}

test('Greenhouse: company_name is the employer; one job listed in two places is one card, other segments and teams are cards of their own', async () => {
  const jobs = await crawl('greenhouse:northwind')
  assert.equal(jobs.get('4001')!.company, 'Northwind Trading, Inc.')
  const cards = (await app.search('source=greenhouse&limit=100')).data as { external_id: string; copies_count: number }[]
  const ids = cards.map((c) => c.external_id).sort()
  // 4002 and 4004 share Greenhouse's internal job id: one card. Mid-Market, Enterprise, Public Sector, Payments Operations and Risk are five jobs.
  assert.equal(cards.length, 7, ids.join(','))
  assert.ok(ids.includes('4001') && ids.includes('4003') && ids.includes('4005') && ids.includes('4006'))
  assert.equal(cards.find((c) => c.external_id === '4004' || c.external_id === '4002')!.copies_count, 1)
})

test('Greenhouse: a learning budget on every posting is not pay; hourly pay keeps its cents; the "about us" platform is not the job\'s skills', async () => {
  const jobs = await crawl('greenhouse:northwind')
  const publicSector = jobs.get('4003')!
  assert.equal(publicSector.enrichment.salary_max, undefined, 'no pay statement, no salary')
  const support = jobs.get('4007')!
  assert.deepEqual([support.enrichment.salary_min, support.enrichment.salary_max, support.enrichment.salary_period], [27.45, 31.2, 'hour'])
  assert.equal(support.enrichment.provenance.salary, 'text')
  const finance = jobs.get('4008')!
  assert.ok(!finance.skills.includes('android') && !finance.skills.includes('react'), finance.skills.join(','))
  assert.ok(finance.skills.includes('netsuite'))
  // "Work from anywhere for four weeks a year" is a perk; "an in-office role" is the job.
  assert.equal(finance.work_mode, 'onsite')
  assert.deepEqual(finance.countries, ['us'], '"Hamburg, NY" is not in Germany')
})

test('Lever: the structured workplace type beats a perk in the text, and says so; Android and iOS jobs are two cards', async () => {
  const jobs = await crawl('lever:quillstack')
  const android = jobs.get('a1f0')!
  assert.equal(android.work_mode, 'onsite')
  assert.equal(android.enrichment.provenance.work_mode, 'board')
  assert.equal(android.enrichment.provenance.salary, 'board')
  const data = jobs.get('a1f3')!
  assert.deepEqual(data.countries, ['us'], '"LA, NYC, ATL" are US metros, not Laos')
  assert.deepEqual([...data.cities].sort(), ['Atlanta', 'Los Angeles', 'New York City'])
  const remote = jobs.get('a1f4')!
  assert.ok(!remote.regions.includes('global'), 'a month a year from anywhere is not worldwide hiring')
  const cards = (await app.search('source=lever&limit=100')).data as { external_id: string }[]
  assert.equal(cards.length, 5, 'the two iOS postings are one card; Android, data, payments and growth are their own')
})

test('Lever: an hourly salary range with cents is stored and served exact', async () => {
  board.serve('/v0/postings/hourly', { body: [leverPosting('h-1', 'Support Agent', { salaryRange: { currency: 'USD', interval: 'per-hour-wage', min: 22.5, max: 26.75 } })] })
  const id = await app.addSource('lever:hourly', { url: `${board.origin}/v0/postings/hourly?mode=json` })
  const report = await app.crawl(id)
  assert.deepEqual([report.ok, report.new, report.errors], [true, 1, 0])
  const slug = (await app.search('source=lever&q=support%20agent')).data[0].public_slug
  const job = (await app.call(`/api/v1/jobs/${slug}`)).body.data
  assert.deepEqual([job.enrichment.salary_min, job.enrichment.salary_max, job.enrichment.salary_period], [22.5, 26.75, 'hour'])
  // Filters read the whole amounts.
  assert.equal((await app.search('source=lever&q=support%20agent&salary_min=22')).meta.total, 1)
})

test('Ashby: "Austria - Vienna" is Vienna, Austria; two titles in Cyrillic are two jobs; stated pay beats a learning budget in the text', async () => {
  const jobs = await crawl('ashby:fernwood')
  const vienna = jobs.get('f-101')!
  assert.deepEqual(vienna.countries, ['at'])
  assert.deepEqual(vienna.cities, ['Vienna'])
  assert.deepEqual([vienna.enrichment.salary_min, vienna.enrichment.salary_max, vienna.enrichment.salary_currency], [70000, 90000, 'EUR'])
  const cards = (await app.search('source=ashby&limit=100')).data as { title: string }[]
  assert.ok(cards.some((c) => c.title === 'Инженер-программист') && cards.some((c) => c.title === 'Аналитик данных'))
})

test("Teamtailor RSS: remoteStatus and the feed's locations are read", async () => {
  const jobs = await crawl('feed:https://lumen.teamtailor.com/jobs.rss')
  const byTitle = new Map([...jobs.values()].map((j) => [j.title, j]))
  assert.equal(byTitle.get('Product Designer')!.work_mode, 'remote')
  assert.equal(byTitle.get('Data Analyst')!.work_mode, 'hybrid')
  assert.deepEqual(byTitle.get('Data Analyst')!.countries, ['no'])
  assert.deepEqual(byTitle.get('Data Analyst')!.cities, ['Oslo'])
  const office = byTitle.get('Office Manager')!
  assert.equal(office.work_mode, 'onsite', 'remoteStatus none, whatever the perks say')
  assert.equal(office.enrichment.provenance.work_mode, 'board')
})

test('A multi-employer RSS feed: "Company: Title" is split into employer and title, and the region is read', async () => {
  const jobs = await crawl('feed:https://remotehub.example/categories/programming.rss')
  const byCompany = new Map([...jobs.values()].map((j) => [j.company, j]))
  assert.deepEqual([...byCompany.keys()].sort(), ['Acme Analytics', 'Birchwood Labs', 'Helio'])
  const helio = byCompany.get('Helio')!
  assert.equal(helio.title, 'Ruby on Rails Developer')
  assert.equal(helio.work_mode, 'remote')
  assert.deepEqual(helio.countries, ['us'])
  assert.ok(byCompany.get('Acme Analytics')!.regions.includes('global'))
})

test('Careers page: a plain-text schema.org address ("Calgary, AB, CA") is a place, and hourly baseSalary keeps its cents', async () => {
  const jobs = await crawl('careers:https://careers.prairietable.example/jobs')
  const cook = [...jobs.values()][0]!
  assert.deepEqual(cook.countries, ['ca'])
  assert.deepEqual(cook.cities, ['Calgary'])
  assert.deepEqual([cook.enrichment.salary_min, cook.enrichment.salary_period], [19.75, 'hour'])
})

test("One employer's feed that prefixes its departments keeps its titles whole and its employer", async () => {
  const items = ['Engineering: Backend Developer', 'Engineering: Frontend Developer', 'Engineering: QA Engineer', 'Sales: Account Executive', 'Sales: SDR']
  const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Jobs</title>${items
    .map((title, i) => `<item><title>${title}</title><guid>dept-${i}</guid><link>https://jobs.depot.example/${i}</link><description>Join us.</description></item>`)
    .join('')}</channel></rss>`
  board.serve('/depot.rss', { body: xml })
  const id = await app.addSource(`feed:${board.origin}/depot.rss`, { url: `${board.origin}/depot.rss`, company: 'Depot' })
  assert.equal((await app.crawl(id)).new, 5)
  const job = (await app.search('q=frontend%20developer&company_slug=depot')).data[0]
  assert.deepEqual([job.company, job.title], ['Depot', 'Engineering: Frontend Developer'])
})
