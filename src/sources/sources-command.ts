import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { DomainError } from '../errors.ts'
import { parseArgs } from '../ingest/cli-args.ts'
import { createProgress } from '../ingest/progress.ts'
import { addSource, findSource, listSources } from './board-store.ts'
import { createSourceCrawler } from './crawler.ts'
import type { CrawlReport } from './crawl-report.ts'
import { toSourceJson } from './source-json.ts'

/**
 * `openroles sources add KIND:TOKEN [--company NAME] [--url URL]`, `list`, `remove NAME`,
 * `crawl [NAME]`: the CLI over the same store and crawler the admin API uses. A crawl here writes
 * to the database file; a running server picks the changes up on its next request.
 */
const USAGE = 'usage: openroles sources add KIND:TOKEN [--company NAME] [--url URL] | list | remove NAME | crawl [NAME]   (each takes --db PATH)'

export function reportLine(report: CrawlReport): string {
  const counts = `listed ${report.listed}, new ${report.new}, updated ${report.updated}, unchanged ${report.unchanged}, closed ${report.closed}, reopened ${report.reopened}, errors ${report.errors}`
  return report.ok ? `${report.source}: ok — ${counts}` : `${report.source}: FAILED — ${report.error}`
}

export async function sourcesCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args
  const { options, positional } = parseArgs(rest, ['db', 'company', 'url'])
  const config = loadConfig()
  const db = openDatabase(resolve(options.db ?? config.dbPath))
  const now = () => new Date()
  try {
    if (action === 'add' && positional.length === 1) {
      const row = addSource(db, { name: positional[0]!, company: options.company, url: options.url }, { allowPrivateHosts: config.sourcesAllowPrivateHosts, now: now().toISOString() })
      console.log(`added ${row.name} (id ${row.id}, company "${row.company}", ${row.url}); crawl it with: openroles sources crawl ${row.name}`)
    } else if (action === 'list' && positional.length === 0) {
      const { items } = listSources(db)
      if (!items.length) console.log('no sources yet: openroles sources add greenhouse:TOKEN')
      for (const row of items) {
        const s = toSourceJson(db, row)
        const last = s.last_crawl ? `last crawl ${s.last_crawl.finished_at} ${s.last_crawl.ok ? 'ok' : `failed: ${s.last_crawl.error}`}` : 'never crawled'
        console.log(`${String(s.id).padStart(4)}  ${s.name}  [${s.status}]  ${s.company}  ${s.open_postings} open  ${last}`)
      }
    } else if (action === 'remove' && positional.length === 1) {
      const source = findSource(db, /^\d+$/.test(positional[0]!) ? Number(positional[0]) : positional[0]!)
      const { closed } = createSourceCrawler({ config, db, now }).remove(source)
      console.log(`removed ${source.name}; ${closed} open postings closed`)
    } else if (action === 'crawl' && positional.length <= 1) {
      const crawler = createSourceCrawler({ config, db, now })
      const targets = positional.length ? [findSource(db, positional[0]!)] : listSources(db).items
      let failed = 0
      for (const source of targets) {
        // The bar appears once the changed postings are known (their count is its total).
        const bar: ReturnType<typeof createProgress>[] = []
        const report = await crawler.crawl(source, {
          onProgress: (done, total) => {
            if (!bar[0]) bar.push(createProgress(`crawling ${source.name}: writing`, total))
            bar[0]!.update(done)
          },
        })
        bar[0]?.done()
        console.log(reportLine(report))
        for (const problem of report.problems) console.log(`  skipped ${problem.at}: ${problem.reason}`)
        if (!report.ok) failed += 1
      }
      if (failed) process.exitCode = 1
    } else {
      throw new Error(USAGE)
    }
  } catch (error) {
    if (error instanceof DomainError) throw new Error(error.message)
    throw error
  } finally {
    db.close()
  }
}
