import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, rmSync } from 'node:fs'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob, closeJob } from '../../src/catalogue/job-store.ts'
import { createSearchEngine } from '../../src/search/engine.ts'
import { snapshotPath } from '../../src/search/index-snapshot.ts'
import { SORT_KEYS } from '../../src/search/facet-spec.ts'
import { fixtureJob } from '../helpers/app.ts'
import { searchCatalogue } from './fixture-catalogue.ts'
import { catalogueFile } from '../helpers/temp.ts'

const options = { cacheEntries: 100, cacheBytes: 1 << 24 }
const everything = { filters: { facets: {} }, limit: 100, offset: 0 }

test('a restart restores the saved index, then patches in what changed meanwhile', async (t) => {
  const { path, db, ids } = catalogueFile(t, 'snapshot', searchCatalogue())

  const first = createSearchEngine(db, options)
  const before = first.search(everything)
  const facetsBefore = first.facets({ filters: { facets: {} } })
  // A filtered set is counted from the packed facet rows, which the snapshot carries.
  const senior = { filters: { facets: { seniority: { values: ['senior'], mode: 'or' as const, exclude: [] } } } }
  const seniorFacets = first.facets(senior)
  await first.close()
  assert.ok(existsSync(snapshotPath(path)), 'written off the request path, finished by close')

  const second = createSearchEngine(db, options)
  assert.deepEqual(second.search(everything), before)
  assert.deepEqual(second.facets({ filters: { facets: {} } }), facetsBefore)
  assert.deepEqual(second.facets(senior), seniorFacets)
  await second.close()

  // Written while no engine runs: the next start patches them in on top of the snapshot.
  db.transaction(() => {
    upsertJob(db, fixtureJob({ title: 'Haskell Engineer', skills: [{ slug: 'haskell', name: 'Haskell' }] }))
    closeJob(db, ids[0]!)
    db.prepare('UPDATE jobs SET view_count = 7 WHERE id = ?').run(ids[2]!)
  })()
  const third = createSearchEngine(db, options)
  assert.equal(third.search({ ...everything, sort: 'view_count', limit: 1 }).ids[0], ids[2], 'views counted while no engine ran')
  assert.equal(third.search(everything).total, before.total)
  assert.equal(third.search({ ...everything, q: 'haskell' }).total, 1)
  assert.equal(third.search({ ...everything, filters: { facets: { skills: { values: ['haskell'], mode: 'or', exclude: [] } } } }).total, 1)
  assert.equal(third.search({ ...everything, q: 'postgres' }).total, 0, 'the closed posting is gone')
  await third.close()
  db.close()
})

test('a snapshot made for another database is ignored', async (t) => {
  const { path, db } = catalogueFile(t, 'snapshot', searchCatalogue())
  const engine = createSearchEngine(db, options)
  assert.equal(engine.search(everything).total, 5)
  await engine.close()
  db.close()
  rmSync(path)
  for (const suffix of ['-wal', '-shm']) rmSync(path + suffix, { force: true })

  const fresh = openDatabase(path)
  fresh.transaction(() => upsertJob(fresh, fixtureJob({ title: 'Only One' })))()
  const restarted = createSearchEngine(fresh, options)
  assert.deepEqual(restarted.search(everything).total, 1)
  await restarted.close()
  fresh.close()
})

test('the sort orders and value lists a snapshot saved, patched by later writes, answer as a rebuild does', async (t) => {
  const { path, db, ids } = catalogueFile(t, 'snapshot', searchCatalogue())
  const first = createSearchEngine(db, options)
  first.search({ ...everything, sort: 'salary_min' })
  await first.close()

  // Moves postings within orders (a new salary floor, a new date), adds one, closes one, while no engine runs.
  db.transaction(() => {
    upsertJob(db, fixtureJob({ title: 'Rust Engineer', salaryMin: 300000, salaryMax: 310000, salaryCurrency: 'USD', salaryPeriod: 'year', postedAt: '2026-11-25T00:00:00.000Z', seniority: 'senior' }))
    db.prepare("UPDATE jobs SET salary_min = 10, posted_at = '2026-11-26T00:00:00.000Z' WHERE id = ?").run(ids[2]!)
    closeJob(db, ids[1]!)
  })()
  const answers = (engine: ReturnType<typeof createSearchEngine>) => ({
    sorted: SORT_KEYS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => engine.search({ ...everything, sort, order }).ids)),
    seniority: engine.search({ ...everything, filters: { facets: { seniority: { values: ['senior'], mode: 'or', exclude: [] } } } }).ids,
    facets: engine.facets({ filters: { facets: {} } }),
  })
  const restored = createSearchEngine(db, options)
  const fromSnapshot = answers(restored)
  await restored.close()
  rmSync(snapshotPath(path))
  const rebuilt = createSearchEngine(db, options)
  const fromRows = answers(rebuilt)
  await rebuilt.close()

  assert.deepEqual(fromSnapshot, fromRows)
  assert.equal(fromRows.sorted[SORT_KEYS.indexOf('salary_min') * 2 + 1]![0], fromRows.seniority.find((id) => !ids.includes(id)), 'the new posting pays most')
  assert.ok(!fromRows.seniority.includes(ids[1]!))
  db.close()
})

test('what the copies of a role add to its card is saved too: a restart counts cards as the run before it', async (t) => {
  const role = (company: string, title: string, city: string, country: string, visa: boolean | null) =>
    fixtureJob({ company: { slug: company, name: company }, title: `${title} - ${city}`, clusterKey: `${company}:${title}`, cities: [{ name: city, country }], countries: [country], visaSponsorship: visa })
  const { db } = catalogueFile(t, 'snapshot', [
    role('acme', 'Go Engineer', 'Berlin', 'de', false), role('acme', 'Go Engineer', 'Paris', 'fr', true), role('acme', 'Go Engineer', 'Madrid', 'es', null),
    role('globex', 'Data Engineer', 'London', 'gb', true), role('globex', 'Data Engineer', 'Dublin', 'ie', false),
  ])
  // One role whole (every posting matches), the other not matched: its copies' values come from the saved lists.
  const acme = { filters: { facets: { company_slug: { values: ['acme'], mode: 'or' as const, exclude: [] } } }, flags: ['visa_sponsorship'] as const }
  const first = createSearchEngine(db, options)
  const before = first.facets(acme)
  await first.close()
  const second = createSearchEngine(db, options)
  const after = second.facets(acme)
  await second.close()
  assert.deepEqual(after, before)
  assert.deepEqual(Object.keys(after.facets.cities ?? {}).sort(), ['Berlin', 'Madrid', 'Paris'])
  db.close()
})
