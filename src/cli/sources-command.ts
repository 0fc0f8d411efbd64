import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { DomainError } from '../errors.ts'
import { UsageError, type CommandSpec, dbOption, valueOption } from './command.ts'
import { createProgress } from '../ingest/progress.ts'
import { addSource, findSource, listSources } from '../sources/board-store.ts'
import { createSourceCrawler } from '../sources/crawler.ts'
import type { CrawlReport } from '../sources/crawl-report.ts'
import { toSourceJson } from '../sources/source-json.ts'

/**
 * `openroles sources add KIND:TOKEN [--company NAME] [--url URL]`, `list`, `remove NAME`,
 * `crawl [NAME]`: the CLI over the same store and crawler the admin API uses. A crawl here writes
 * to the database file; a running server picks the changes up on its next request.
 */
export function reportLine(report: CrawlReport): string {
  const counts = `listed ${report.listed}, new ${report.new}, updated ${report.updated}, unchanged ${report.unchanged}, closed ${report.closed}, reopened ${report.reopened}, errors ${report.errors}`
  return report.ok ? `${report.source}: ok — ${counts}` : `${report.source}: FAILED — ${report.error}`
}

export const sourcesCommand: CommandSpec = {
  name: 'sources',
  summary: 'The job boards the catalogue is fed from: add KIND:TOKEN | list | remove NAME | crawl [NAME] (all sources when no name).',
  positionals: { usage: 'add KIND:TOKEN | list | remove NAME | crawl [NAME]', min: 1, max: 2 },
  options: {
    db: dbOption,
    company: valueOption('NAME', 'add: company the postings are filed under (default: from the token)'),
    url: valueOption('URL', "add: endpoint to read instead of the vendor's documented one"),
  },
  async run({ values, positionals: [action, name] }) {
    const config = loadConfig()
    const db = openDatabase(resolve((values.db as string | undefined) ?? config.dbPath))
    const now = () => new Date()
    try {
      if (action === 'add' && name) {
        const row = addSource(db, { name, company: values.company as string | undefined, url: values.url as string | undefined }, { allowPrivateHosts: config.sourcesAllowPrivateHosts, now: now().toISOString() })
        console.log(`added ${row.name} (id ${row.id}, company "${row.company}", ${row.url}); crawl it with: openroles sources crawl ${row.name}`)
      } else if (action === 'list' && !name) {
        const { items } = listSources(db)
        if (!items.length) console.log('no sources yet: openroles sources add greenhouse:TOKEN')
        for (const row of items) {
          const s = toSourceJson(db, row)
          const last = s.last_crawl ? `last crawl ${s.last_crawl.finished_at} ${s.last_crawl.ok ? 'ok' : `failed: ${s.last_crawl.error}`}` : 'never crawled'
          console.log(`${String(s.id).padStart(4)}  ${s.name}  [${s.status}]  ${s.company}  ${s.open_postings} open  ${last}`)
        }
      } else if (action === 'remove' && name) {
        const source = findSource(db, /^\d+$/.test(name) ? Number(name) : name)
        const { closed } = createSourceCrawler({ config, db, now }).remove(source)
        console.log(`removed ${source.name}; ${closed} open postings closed`)
      } else if (action === 'crawl') {
        const crawler = createSourceCrawler({ config, db, now })
        const targets = name ? [findSource(db, /^\d+$/.test(name) ? Number(name) : name)] : listSources(db).items
        let failed = 0
        for (const source of targets) {
          // On a terminal: a line while the board is read, then a bar over the changed postings.
          const reading = createProgress(`crawling ${source.name}: reading the board`, null)
          reading.update(0)
          const bar: ReturnType<typeof createProgress>[] = []
          const report = await crawler.crawl(source, {
            onProgress: (done, total) => {
              if (!bar[0]) {
                reading.done()
                bar.push(createProgress(`crawling ${source.name}: writing`, total))
              }
              bar[0]!.update(done)
            },
          })
          reading.done()
          bar[0]?.done()
          console.log(reportLine(report))
          for (const problem of report.problems) console.log(`  skipped ${problem.at}: ${problem.reason}`)
          if (!report.ok) failed += 1
        }
        if (failed) process.exitCode = 1
      } else {
        throw new UsageError(`unknown action '${[action, name].filter(Boolean).join(' ')}'`)
      }
    } catch (error) {
      if (error instanceof DomainError) throw new Error(error.message)
      throw error
    } finally {
      db.close()
    }
  },
}
