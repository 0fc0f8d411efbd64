import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

// The rate table the service converts with: expectations are computed from it, not copied.
const fx = JSON.parse(readFileSync(new URL('../../../data/fx.json', import.meta.url), 'utf8')) as { date: string; unitsPerUSD: Record<string, number> }
const usd = (amount: number, currency: string, perYear: number) => Math.round((amount * perYear) / fx.unitsPerUSD[currency]!)

const jobs = [
  fixtureJob({ title: 'Dollar Engineer', salaryMin: 100000, salaryMax: 120000, salaryCurrency: 'USD', salaryPeriod: 'year' }),
  fixtureJob({ title: 'Euro Engineer', salaryMin: 8000, salaryMax: 9000, salaryCurrency: 'EUR', salaryPeriod: 'month' }),
  fixtureJob({ title: 'Ruble Engineer', salaryMin: 250000, salaryMax: 300000, salaryCurrency: 'RUB', salaryPeriod: 'month' }),
  fixtureJob({ title: 'Pound Contractor', salaryMin: 60, salaryMax: null, salaryCurrency: 'GBP', salaryPeriod: 'hour' }),
  fixtureJob({ title: 'Rupee Engineer', salaryMin: null, salaryMax: 2500000, salaryCurrency: 'INR', salaryPeriod: 'year' }),
  fixtureJob({ title: 'Silent Engineer' }),
  fixtureJob({ title: 'Unknown Money Engineer', salaryMin: 500, salaryMax: 600, salaryCurrency: 'XQQ', salaryPeriod: 'day' }),
]
const { get } = createTestApp({ jobs })
const titles = (body: any) => body.data.map((job: { title: string }) => job.title)
const byTitle = async (title: string) => {
  const { body } = await get(`/api/v1/jobs/search?q=${encodeURIComponent(title)}`)
  return body.data.find((job: any) => job.title === title)
}

test('a stated salary is also served as a year in USD at the dated rates: enrichment.salary_normalized', async () => {
  const euro = await byTitle('Euro Engineer')
  assert.deepEqual(euro.enrichment.salary_normalized, { min: usd(8000, 'EUR', 12), max: usd(9000, 'EUR', 12), currency: 'USD', period: 'year', rates_date: fx.date })
  // The posting's own numbers stay as stated.
  assert.equal(euro.enrichment.salary_min, 8000)
  assert.equal(euro.enrichment.salary_currency, 'EUR')
  assert.equal(euro.enrichment.salary_period, 'month')
  const pound = await byTitle('Pound Contractor')
  assert.deepEqual(pound.enrichment.salary_normalized, { min: usd(60, 'GBP', 2080), max: null, currency: 'USD', period: 'year', rates_date: fx.date })
  const rupee = await byTitle('Rupee Engineer')
  assert.deepEqual(rupee.enrichment.salary_normalized, { min: null, max: usd(2500000, 'INR', 1), currency: 'USD', period: 'year', rates_date: fx.date })
  // The single read serves it too.
  const single = await get(`/api/v1/jobs/${euro.public_slug}`)
  assert.deepEqual(single.body.data.enrichment.salary_normalized, euro.enrichment.salary_normalized)
})

test('no stated salary, or a currency the rate table lacks: no salary_normalized', async () => {
  assert.equal((await byTitle('Silent Engineer')).enrichment.salary_normalized, undefined)
  const unknown = await byTitle('Unknown Money Engineer')
  assert.equal(unknown.enrichment.salary_max, 600)
  assert.equal(unknown.enrichment.salary_normalized, undefined)
})

test('sort=salary_normalized orders by the comparable annual top of the range; unknown last in both orders', async () => {
  const expected = [
    ['Pound Contractor', usd(60, 'GBP', 2080)],
    ['Euro Engineer', usd(9000, 'EUR', 12)],
    ['Dollar Engineer', 120000],
    ['Ruble Engineer', usd(300000, 'RUB', 12)],
    ['Rupee Engineer', usd(2500000, 'INR', 1)],
  ] as const
  const descending = [...expected].sort((a, b) => b[1] - a[1]).map(([title]) => title)
  const desc = titles((await get('/api/v1/jobs/search?sort=salary_normalized')).body)
  assert.deepEqual(desc.slice(0, 5), descending)
  assert.deepEqual(new Set(desc.slice(5)), new Set(['Silent Engineer', 'Unknown Money Engineer']))
  const asc = titles((await get('/api/v1/jobs/search?sort=salary_normalized&order=asc')).body)
  assert.deepEqual(asc.slice(0, 5), [...descending].reverse())
  assert.equal(asc.length, 7)
})

test("sort=salary_max and the salary_min filter still compare the posting's own numbers", async () => {
  // 2,500,000 rupees and 300,000 rubles are the largest stated numbers, whatever they are worth.
  assert.deepEqual(titles((await get('/api/v1/jobs/search?sort=salary_max&limit=2')).body), ['Rupee Engineer', 'Ruble Engineer'])
  const atLeast = titles((await get('/api/v1/jobs/search?salary_min=100000&sort=salary_min')).body)
  assert.deepEqual(atLeast, ['Ruble Engineer', 'Dollar Engineer'])
})

test('an unknown sort value names salary_normalized among the accepted ones', async () => {
  const { status, body } = await get('/api/v1/jobs/search?sort=salary')
  assert.equal(status, 400)
  assert.match(body.error, /salary_normalized/)
})

test('the OpenAPI Job schema describes salary_normalized', async () => {
  const { body } = await get('/api/v1/openapi.json')
  const schema = body.components.schemas.Job.properties.enrichment.properties.salary_normalized
  assert.deepEqual(Object.keys(schema.properties).sort(), ['currency', 'max', 'min', 'period', 'rates_date'])
})

test('SALARY_REFERENCE_CURRENCY=EUR serves and orders in euros; an unknown code stops the start', async () => {
  assert.throws(() => createTestApp({ config: { salaryReferenceCurrency: 'XQQ' } }), /SALARY_REFERENCE_CURRENCY/)
  // Last in this file: the reference currency is one per process.
  const euros = createTestApp({ jobs, config: { salaryReferenceCurrency: 'eur' } })
  const { body } = await euros.get('/api/v1/jobs/search?sort=salary_normalized&limit=2')
  assert.deepEqual(titles(body), ['Pound Contractor', 'Euro Engineer'])
  assert.deepEqual(body.data[1].enrichment.salary_normalized, { min: 96000, max: 108000, currency: 'EUR', period: 'year', rates_date: fx.date })
})

test('salary_normalized_min/max filter on the converted year, so a monthly ruble salary does not pass a 100,000 bar', async () => {
  // The raw filter compares numbers across currencies and periods: 250,000 RUB a month passes 100,000.
  assert.ok(titles((await get('/api/v1/jobs/search?salary_min=100000')).body).includes('Ruble Engineer'))
  const yearly = await get('/api/v1/jobs/search?salary_normalized_min=100000&sort=salary_normalized')
  assert.equal(yearly.status, 200)
  const expected = jobs
    .map((job) => ({ title: job.title, top: job.salaryCurrency && fx.unitsPerUSD[job.salaryCurrency] ? usd(job.salaryMax ?? job.salaryMin!, job.salaryCurrency, { year: 1, month: 12, hour: 2080 }[job.salaryPeriod as 'year']!) : null }))
    .filter((job) => job.top !== null && job.top >= 100000)
    .sort((a, b) => b.top! - a.top!)
    .map((job) => job.title)
  assert.deepEqual(titles(yearly.body), expected)
  assert.ok(!expected.includes('Ruble Engineer'))
  const capped = await get('/api/v1/jobs/search?salary_normalized_max=50000')
  assert.ok(titles(capped.body).every((title: string) => expected.includes(title) === false))
  assert.ok(!titles(capped.body).includes('Silent Engineer'), 'no convertible salary: left out')
})
