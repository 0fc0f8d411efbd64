import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { createApp } from '../../src/app.ts'
import { defaultConfig } from '../../src/config.ts'
import { createContext } from '../../src/services.ts'
import { refreshDerivedData } from '../../src/catalogue/refresh.ts'
import { memoryFilePath } from '../../src/catalogue/memory-file.ts'
import { fixtureJob, inProcessCaller } from '../helpers/app.ts'
import { catalogueFile } from '../helpers/temp.ts'
import type { DB } from '../../src/db/connection.ts'

const jobs = () => [
  fixtureJob({ title: 'Go Engineer', company: { slug: 'stripe', name: 'Stripe', collections: ['unicorn'] }, countries: ['DE'] }),
  fixtureJob({ title: 'Go Developer', company: { slug: 'stripe', name: 'Stripe', collections: ['unicorn'] }, countries: ['FR'] }),
  fixtureJob({ title: 'Data Engineer', company: { slug: 'acme', name: 'Acme' }, countries: ['GB'] }),
]

/** One serving start on the file: warmed as a start warms it, asked what the catalogue memory answers, then stopped. */
async function start(db: DB) {
  const ctx = createContext(defaultConfig(), db)
  await ctx.search.ready()
  ctx.catalogue.warm()
  const call = inProcessCaller(createApp(ctx))
  const answers = {
    companies: (await call('/api/v1/companies?limit=10')).body.data,
    filtered: (await call('/api/v1/companies?collections=unicorn&countries=fr')).body.data.map((c: { slug: string }) => c.slug),
    suggest: (await call('/api/v1/suggest?q=stri')).body.data,
    stats: (await call('/api/v1/stats/catalog')).body.data,
  }
  await ctx.close!()
  return answers
}

test('a restart reads back the company index, typeahead and stats the last run saved, until the catalogue changes', async (t) => {
  const { path, db, ids } = catalogueFile(t, 'memory', jobs())
  refreshDerivedData(db, ids)
  const first = await start(db)
  assert.ok(existsSync(memoryFilePath(path)), 'saved by the first start, finished by close')
  assert.deepEqual(first.filtered, ['stripe'])
  assert.ok(first.suggest.some((s: { text: string }) => s.text === 'Stripe'))

  // Not a change any signal names: a restart that still says Stripe read the saved file.
  db.prepare("UPDATE companies SET name = 'Stripe Payments' WHERE slug = 'stripe'").run()
  const second = await start(db)
  assert.deepEqual(second, first)

  // A refresh moves the catalogue on: the file no longer applies, the next start builds and saves anew.
  refreshDerivedData(db, [ids[0]!])
  const third = await start(db)
  assert.ok(third.companies.some((c: { name: string }) => c.name === 'Stripe Payments'))
  assert.ok(third.suggest.some((s: { text: string }) => s.text === 'Stripe Payments'))
  const fourth = await start(db)
  assert.deepEqual(fourth, third)
  db.close()
})

test('a saved file that is torn or names another database is ignored', async (t) => {
  const { path, db, ids } = catalogueFile(t, 'memory', jobs())
  refreshDerivedData(db, ids)
  const first = await start(db)
  db.prepare("UPDATE companies SET name = 'Renamed' WHERE slug = 'acme'").run()
  writeFileSync(memoryFilePath(path), '{"format":1,')
  const torn = await start(db)
  assert.ok(torn.companies.some((c: { name: string }) => c.name === 'Renamed'))
  assert.notDeepEqual(torn.companies, first.companies)

  db.prepare("UPDATE catalogue_meta SET value = 'another' WHERE key = 'catalogue_memory'").run()
  db.prepare("UPDATE companies SET name = 'Renamed Again' WHERE slug = 'acme'").run()
  const foreign = await start(db)
  assert.ok(foreign.companies.some((c: { name: string }) => c.name === 'Renamed Again'))
  db.close()
})
