/**
 * /metrics of the whole service when several serving processes share the port. Each process counts
 * in its own registry and a scrape reaches whichever process takes the connection, so that process
 * asks the primary, the primary collects every serving process's registry over the cluster's IPC
 * channel and merges them with prom-client's aggregation (counters and histograms summed; a gauge
 * by its own `aggregator`: the catalogue's sizes are read from the one file, so `max`, not a sum),
 * and the merged text goes back as the answer. A process that does not answer in time is left out:
 * `openroles_serving_processes` says how many were counted.
 */
import cluster, { type Worker } from 'node:cluster'
import { AggregatorRegistry, type Registry } from 'prom-client'

const KIND = 'openroles:metrics'
/** One process's registry as `getMetricsAsJSON` gives it, the form prom-client aggregates. */
type RegistryJson = object[]
/** How long the primary waits for every process's registry before merging what came. */
const COLLECT_MS = 3000

type Message =
  | { kind: typeof KIND; op: 'scrape'; id: number }
  | { kind: typeof KIND; op: 'collect'; id: number }
  | { kind: typeof KIND; op: 'collected'; id: number; metrics: RegistryJson }
  | { kind: typeof KIND; op: 'scraped'; id: number; text?: string; error?: string }

/** In the primary: answers a serving process's scrape with every serving process's metrics merged. */
export function serveClusterMetrics(): void {
  let next = 0
  const collecting = new Map<number, { responses: RegistryJson[]; waiting: Set<number>; finish: () => void }>()
  cluster.on('message', (worker: Worker, message: Message) => {
    if (message?.kind !== KIND) return
    if (message.op === 'collected') {
      const round = collecting.get(message.id)
      if (!round || !round.waiting.delete(worker.id)) return
      round.responses.push(message.metrics)
      if (round.waiting.size === 0) round.finish()
      return
    }
    if (message.op !== 'scrape') return
    const asker = worker
    const scrapeId = message.id
    const id = ++next
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected())
    const round = { responses: [] as RegistryJson[], waiting: new Set(workers.map((w) => w.id)), finish: () => {} }
    const timer = setTimeout(() => round.finish(), COLLECT_MS)
    round.finish = () => {
      clearTimeout(timer)
      collecting.delete(id)
      AggregatorRegistry.aggregate(round.responses)
        .metrics()
        .then((text) => ({ text }), (error: Error) => ({ error: error.message }))
        .then((answer) => {
          if (asker.isConnected()) asker.send({ kind: KIND, op: 'scraped', id: scrapeId, ...answer } satisfies Message)
        })
    }
    collecting.set(id, round)
    for (const w of workers) w.send({ kind: KIND, op: 'collect', id } satisfies Message)
  })
}

/**
 * In a serving process: gives the primary this process's registry when it collects, and returns the
 * scrape of the whole service (through the primary).
 */
export function clusterMetricsScrape(registry: Registry): () => Promise<string> {
  let next = 0
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>()
  process.on('message', (message: Message) => {
    if (message?.kind !== KIND) return
    if (message.op === 'collect') {
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ kind: KIND, op: 'collected', id: message.id, metrics } satisfies Message))
    } else if (message.op === 'scraped') {
      const waiter = pending.get(message.id)
      pending.delete(message.id)
      if (message.text !== undefined) waiter?.resolve(message.text)
      else waiter?.reject(new Error(`merging the serving processes' metrics failed: ${message.error}`))
    }
  })
  return () => new Promise<string>((resolve, reject) => {
    const id = ++next
    // The primary answers within COLLECT_MS; past twice that it is gone.
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error('the cluster primary did not answer the metrics scrape'))
    }, 2 * COLLECT_MS)
    pending.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    })
    process.send!({ kind: KIND, op: 'scrape', id } satisfies Message)
  })
}
