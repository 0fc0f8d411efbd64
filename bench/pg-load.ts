/**
 * The open postings of a benchmark catalogue (SQLite, opened read-only) copied into one PostgreSQL
 * table, the way a PostgreSQL design of the same service would hold them: text columns, one column
 * per single-valued facet (B-tree), one text[] per multi-valued facet (GIN), a weighted tsvector
 * (GIN), posted_at and salaries. One database per catalogue size, kept across runs and reloaded only
 * when its row count or highest id no longer matches the catalogue's open postings.
 *
 * The tsvector is built here with openroles' own tokenizer (lowercase, accents folded, `c++`/`c#`
 * kept whole) and sent as a tsvector literal, so both engines match the same tokens; PostgreSQL's
 * parser would split `c++` and read `node.js` as a host name. No stemming, as in openroles.
 */
import Database from 'better-sqlite3'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { POSTING_ATTRIBUTES, columnOf, tableOf, type PostingAttribute } from '../src/catalogue/posting-attributes.ts'
import { tokenize } from '../src/search/text-tokens.ts'

const rows: readonly PostingAttribute[] = POSTING_ATTRIBUTES
/** Single-valued string facets (and company_slug): one text column each, named as the facet. */
export const SINGLES = rows.filter((row) => row.filter && row.kind === 'single')
/** Multi-valued facets: one text[] each. */
export const MULTIS = rows.filter((row) => row.filter && row.kind === 'multi')
/** tsvector positions stop at 16383; fields are spaced so a phrase never spans two. */
const MAX_POSITION = 16383
const FIELD_GAP = 100

export const TABLE_SQL = `CREATE TABLE postings (
  id bigint PRIMARY KEY,
  card bigint NOT NULL,
  title text NOT NULL,
  company text NOT NULL,
  description text NOT NULL,
  posted_at timestamptz NOT NULL,
  salary_min integer, salary_max integer, experience_years_min integer,
  ${SINGLES.map((row) => `${row.name} text`).join(', ')},
  ${MULTIS.map((row) => `${row.name} text[] NOT NULL`).join(', ')},
  doc tsvector NOT NULL
)`

const INDEX_SQL = [
  'CREATE INDEX postings_doc ON postings USING gin (doc)',
  ...MULTIS.map((row) => `CREATE INDEX postings_${row.name} ON postings USING gin (${row.name})`),
  ...SINGLES.map((row) => `CREATE INDEX postings_${row.name} ON postings (${row.name})`),
  'CREATE INDEX postings_posted_at ON postings (posted_at DESC, id DESC)',
  'CREATE INDEX postings_card ON postings (card, id)',
]

/** SQLite expression of a single-valued facet over `jobs j` joined to `companies co`. */
function singleSql(row: PostingAttribute): string {
  const source = `${tableOf(row) === 'companies' ? 'co' : 'j'}.${columnOf(row)}`
  return row.derive ? row.derive.sql(source) : source
}

function multiSql(row: PostingAttribute): string {
  const key = row.byCompany ? 'company_id = j.company_id' : 'job_id = j.id'
  return `(SELECT json_group_array(${columnOf(row)}) FROM ${tableOf(row)} WHERE ${key})`
}

const SELECT_OPEN = `SELECT j.id, coalesce(j.cluster_id, -j.id) AS card, j.title, co.name AS company, j.description_text AS description,
  j.posted_at, j.salary_min, j.salary_max, j.experience_years_min,
  ${SINGLES.map((row) => `${singleSql(row)} AS ${row.name}`).join(', ')},
  ${MULTIS.map((row) => `${multiSql(row)} AS ${row.name}`).join(', ')}
  FROM jobs j JOIN companies co ON co.id = j.company_id WHERE j.closed_at IS NULL ORDER BY j.id`

/** COPY text format: backslash, tab, newline and carriage return escaped; NULL as \N. */
const copyText = (value: unknown): string =>
  value === null || value === undefined ? '\\N' : String(value).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)

/** A text[] literal: every element double-quoted, with `"` and `\` escaped (then escaped again for COPY). */
const arrayLiteral = (values: string[]): string => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`

/** The weighted tsvector literal: title A, company B, description C. Tokens hold only letters, digits, + and #. */
export function tsvectorOf(title: string, company: string, description: string): string {
  const positions = new Map<string, string[]>()
  let position = 1
  for (const [text, weight] of [[title, 'A'], [company, 'B'], [description, 'C']] as const) {
    for (const token of tokenize(text)) {
      if (position > MAX_POSITION) break
      let list = positions.get(token)
      if (!list) positions.set(token, (list = []))
      if (list.length < 256) list.push(`${position}${weight}`)
      position++
    }
    position = Math.min(MAX_POSITION, position + FIELD_GAP)
  }
  return [...positions].map(([token, list]) => `'${token}':${list.join(',')}`).join(' ')
}

function* copyLines(sqlite: Database.Database): Iterable<string> {
  for (const job of sqlite.prepare(SELECT_OPEN).iterate() as Iterable<Record<string, unknown>>) {
    const multis = MULTIS.map((row) => {
      const values = (JSON.parse(job[row.name] as string) as string[]).filter(Boolean)
      return arrayLiteral(row.name === 'regions' && values.length === 0 ? ['none'] : values)
    })
    const fields = [job.id, job.card, job.title, job.company, job.description, job.posted_at, job.salary_min, job.salary_max, job.experience_years_min, ...SINGLES.map((row) => job[row.name] || null)]
    const doc = tsvectorOf(job.title as string, job.company as string, job.description as string)
    yield `${[...fields.map(copyText), ...multis.map(copyText), doc].join('\t')}\n`
  }
}

/** Batches lines into chunks of about 1 MB so the stream does not push one tiny buffer per row. */
function* chunks(lines: Iterable<string>): Iterable<string> {
  let buffer = ''
  for (const line of lines) {
    buffer += line
    if (buffer.length > 1 << 20) {
      yield buffer
      buffer = ''
    }
  }
  if (buffer) yield buffer
}

export interface Loaded {
  rows: number
  loadedNow: boolean
  seconds: number
  tableBytes: number
}

/** Makes `db` hold the open postings of `sqlitePath`: reuses what is there when it matches. */
export async function ensureLoaded(client: pg.Client, sqlitePath: string, log: (line: string) => void): Promise<Loaded> {
  const sqlite = new Database(sqlitePath, { readonly: true })
  try {
    const want = sqlite.prepare('SELECT count(*) AS n, max(id) AS top FROM jobs WHERE closed_at IS NULL').get() as { n: number; top: number }
    await client.query('CREATE TABLE IF NOT EXISTS bench_meta (rows bigint NOT NULL, top bigint NOT NULL, seconds real NOT NULL)')
    const have = (await client.query('SELECT rows, top, seconds FROM bench_meta')).rows[0] as { rows: string; top: string; seconds: number } | undefined
    const size = async () => Number((await client.query("SELECT pg_total_relation_size('postings') AS b")).rows[0].b)
    if (have && Number(have.rows) === want.n && Number(have.top) === want.top) {
      log(`reusing the loaded table (${want.n} rows, loaded in ${have.seconds.toFixed(0)} s)`)
      return { rows: want.n, loadedNow: false, seconds: have.seconds, tableBytes: await size() }
    }
    const started = performance.now()
    log(`loading ${want.n} open postings from ${sqlitePath} (COPY, then indexes)`)
    // One transaction from CREATE to the last index: under wal_level=minimal none of it is WAL-logged.
    await client.query('BEGIN')
    await client.query('DROP TABLE IF EXISTS postings')
    await client.query('DELETE FROM bench_meta')
    await client.query(TABLE_SQL)
    const copy = client.query(copyFrom('COPY postings FROM STDIN'))
    await pipeline(Readable.from(chunks(copyLines(sqlite))), copy)
    log(`copied in ${((performance.now() - started) / 1000).toFixed(0)} s; building indexes`)
    for (const sql of INDEX_SQL) await client.query(sql)
    await client.query('COMMIT')
    await client.query('VACUUM ANALYZE postings')
    const seconds = (performance.now() - started) / 1000
    await client.query('INSERT INTO bench_meta (rows, top, seconds) VALUES ($1, $2, $3)', [want.n, want.top, seconds])
    log(`loaded and indexed in ${seconds.toFixed(0)} s`)
    return { rows: want.n, loadedNow: true, seconds, tableBytes: await size() }
  } finally {
    sqlite.close()
  }
}
