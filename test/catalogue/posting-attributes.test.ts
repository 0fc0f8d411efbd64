import { test } from 'node:test'
import assert from 'node:assert/strict'
import { openDatabase } from '../../src/db/connection.ts'
import { columnOf, POSTING_ATTRIBUTES, tableOf, type PostingAttribute } from '../../src/catalogue/posting-attributes.ts'
import { FACET_NAMES, INDEX_FLAGS, INDEX_NUMBERS } from '../../src/search/facet-spec.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { ALWAYS_COUNTED_FLAGS } from '../../src/search/facet-spec.ts'

const rows: readonly PostingAttribute[] = POSTING_ATTRIBUTES
const byName = (name: string) => rows.find((row) => row.name === name)!

/** Every jobs column the search index loads: each string facet, number and flag it holds. */
const loadedJobColumns = [...FACET_NAMES, ...INDEX_NUMBERS, ...INDEX_FLAGS]
  .map(byName)
  .filter((row) => row.kind !== 'multi' && tableOf(row) === 'jobs')
  .map(columnOf)

function schemaSql(type: string, name: string): string {
  const db = openDatabase(':memory:')
  const sql = db.prepare('SELECT sql FROM sqlite_schema WHERE type = ? AND name = ?').pluck().get(type, name) as string | undefined
  db.close()
  assert.ok(sql, `${type} ${name} is missing from schema.sql`)
  return sql
}

test('the covering index jobs_search_load names every column the search index loads (else loading a million postings reads every row)', () => {
  const db = openDatabase(':memory:')
  const indexed = new Set((db.prepare("SELECT name FROM pragma_index_info('jobs_search_load')").pluck().all() as string[]))
  db.close()
  for (const column of [...loadedJobColumns, 'closed_at', 'id', 'company_id', 'title']) assert.ok(indexed.has(column), `jobs_search_load lacks ${column}`)
})

test('the change-log triggers name every loaded column, so an edit of any of them reaches the index', () => {
  const edit = schemaSql('trigger', 'search_changes_job_edit')
  const listed = new Set(/AFTER UPDATE OF([\s\S]*?) ON jobs/i.exec(edit)![1]!.split(',').map((name) => name.trim()))
  // View counts have their own log: they only move the view_count order.
  assert.match(schemaSql('trigger', 'search_changes_job_views'), /AFTER UPDATE OF view_count ON jobs/)
  for (const column of loadedJobColumns.filter((name) => name !== 'view_count')) assert.ok(listed.has(column), `search_changes_job_edit lacks ${column}`)
  for (const row of rows.filter((attribute) => attribute.filter && attribute.byCompany)) {
    const db = openDatabase(':memory:')
    const triggers = (db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ?").pluck().all(tableOf(row)) as string[]).join('\n')
    db.close()
    for (const event of ['INSERT', 'DELETE']) assert.match(triggers, new RegExp(`AFTER ${event} ON ${tableOf(row)}[\\s\\S]*search_changes`), `${tableOf(row)} lacks an ${event} trigger`)
  }
  const company = schemaSql('trigger', 'search_changes_company_update')
  for (const row of rows.filter((attribute) => attribute.filter && tableOf(attribute) === 'companies')) assert.match(company, new RegExp(`\\b${columnOf(row)}\\b`))
})

test('every column the table names exists in schema.sql', () => {
  const db = openDatabase(':memory:')
  for (const row of rows) {
    const columns = db.prepare(`SELECT name FROM pragma_table_info('${tableOf(row)}')`).pluck().all() as string[]
    assert.ok(columns.includes(columnOf(row)), `${row.column} (attribute ${row.name}) is not a column`)
  }
  db.close()
})

test('every facet of the table is counted by /jobs/facets and filters /jobs/search', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob({ title: 'Attribute probe' })] })
  const { body } = await get('/api/v1/jobs/facets')
  // The string facets of the table, and the boolean ones every answer counts as { true, false }.
  const counted = [...rows.filter((row) => row.facet).map((row) => row.name), ...ALWAYS_COUNTED_FLAGS]
  assert.deepEqual(Object.keys(body.data.facets).sort(), [...counted].sort())
  for (const row of rows.filter((attribute) => attribute.filter)) {
    const response = await get(`/api/v1/jobs/search?${row.name}=no-such-value`)
    assert.equal(response.status, 200)
    assert.equal(response.body.meta.total, 0, `${row.name}=no-such-value should match nothing`)
    assert.equal(response.body.meta.ignored_params, undefined, `${row.name} is not read as a filter`)
  }
  for (const filter of rows.flatMap((row) => row.filters ?? [])) {
    const bad = await get(`/api/v1/jobs/search?${filter.param}=abc`)
    assert.equal(bad.status, 400, `${filter.param}=abc is validated`)
  }
})

test('the OpenAPI document lists every filter parameter of the table with its description', async () => {
  const { get } = createTestApp()
  const { body } = await get('/api/v1/openapi.json')
  const parameters = body.paths['/jobs/search'].get.parameters as { name: string; description?: string }[]
  const documented = new Map(parameters.map((parameter) => [parameter.name, parameter.description ?? '']))
  for (const row of rows.filter((attribute) => attribute.filter)) {
    assert.ok(documented.get(row.name)?.startsWith(row.description), `${row.name} is documented from the table`)
    assert.ok(documented.has(`${row.name}_exclude`))
  }
  for (const filter of rows.flatMap((row) => row.filters ?? [])) assert.equal(documented.get(filter.param), filter.description)
})
