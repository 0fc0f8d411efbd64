import type { Logger } from '../log.ts'
import type { SourceCrawler } from './crawler.ts'

/**
 * Crawls due sources inside the serving process every minute (a source is due one
 * SOURCES_CRAWL_INTERVAL_MINUTES after its last crawl; 0 = no scheduler). Due times and crawl
 * leases live in the database, so a restart picks up where the last process stopped without
 * crawling anything twice. The timer is unref'd; a tick still running makes the next one skip;
 * stop() aborts the crawl in flight (it stays due) and waits for it.
 */
export interface SourceScheduler {
  stop(): Promise<void>
}

const TICK_MS = 60_000

export function startSourceScheduler(crawler: SourceCrawler, options: { intervalMinutes: number; log: Logger }): SourceScheduler {
  if (options.intervalMinutes <= 0) return { stop: async () => {} }
  const controller = new AbortController()
  let current: Promise<void> | null = null
  const tick = () => {
    if (current) return
    current = (async () => {
      try {
        for (const report of await crawler.crawlDue({ signal: controller.signal })) {
          const { problems: _problems, ...counts } = report
          if (report.ok) options.log.info('source crawled', counts)
          else options.log.error('source crawl failed', counts)
        }
      } catch (error) {
        if (!controller.signal.aborted) options.log.error('source scheduler failed', { error: String(error) })
      } finally {
        current = null
      }
    })()
  }
  const timer = setInterval(tick, Math.min(TICK_MS, options.intervalMinutes * 60_000))
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      controller.abort(new Error('the server is stopping'))
      await current
    },
  }
}
