/**
 * Several serving processes on one database file (node:cluster). The primary serves nothing: it
 * creates, seeds and migrates the file before forking, so workers never race on a first start,
 * then forks SERVE_PROCESSES workers that share the port. Each worker opens the file itself, keeps
 * its own in-memory index following the change log (src/search/change-log.ts), and one of them,
 * the scheduler lease holder (lease.ts), runs the schedulers. The primary keeps the rate budgets'
 * buckets (rate-ipc.ts) unless Redis does, and merges the processes' metrics for a scrape
 * (metrics-ipc.ts). The port opens only once every worker has its index in memory
 * (clusterListenTurn): a request never meets a process still loading. A worker that dies is
 * replaced (and listens once its index is in); one that dies before it ever listened stops the
 * whole start (a port in use, a broken setting), so a bad start never loops. SIGTERM/SIGINT are
 * passed on; the primary exits once every worker has.
 */
import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { serveRateBudgets } from './rate-ipc.ts'
import { serveClusterMetrics } from './metrics-ipc.ts'

/**
 * The young generation each serving process gets (also in `npm start` and the Docker image's
 * NODE_OPTIONS). A request allocates short-lived sets and objects by the megabyte; with V8's default
 * 16 MB semi-space they are collected every few requests, and the mixed workload measured 9% less
 * CPU per request at 64 MB (bench/RESULTS.md, run L). Costs ~100 MB of RSS per process.
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=64'

/** SERVE_PROCESSES, with 0 meaning one per core. */
export function processCount(config: Config): number {
  return config.serveProcesses > 0 ? config.serveProcesses : availableParallelism()
}

export function isClusterWorker(): boolean {
  return cluster.isWorker
}

const MAY_OPEN = 'may-open'
const OPEN = 'open'
const OPENED = 'opened'
const WARM = 'index-in-memory'
const LISTEN = 'listen'

/** Tells the primary `said`, and resolves when it answers `answer`. */
function ask(said: string, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { openroles?: string } | null)?.openroles !== answer) return
      process.off('message', onMessage)
      resolve()
    }
    process.on('message', onMessage)
    process.send!({ openroles: said })
  })
}

/** In a serving process about to open the file: resolves when no other one is opening it. */
export function clusterOpenTurn(): Promise<void> {
  return ask(MAY_OPEN, OPEN)
}

/** In a serving process that has opened the file and done its start's writes: the next one may open it. */
export function clusterOpened(): void {
  process.send!({ openroles: OPENED })
}

/** In a serving process whose index is in memory: tells the primary, and resolves when it says to listen. */
export function clusterListenTurn(): Promise<void> {
  return ask(WARM, LISTEN)
}

export async function startPrimary(config: Config, log: Logger, prepare: () => Promise<void>): Promise<void> {
  await prepare()
  if (!config.redisUrl) serveRateBudgets(config)
  serveClusterMetrics()
  const count = processCount(config)
  // Serving processes get the young generation even when the primary was started without it.
  const semiSpace = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith('--max-semi-space-size'))
  cluster.setupPrimary({ execArgv: semiSpace ? process.execArgv : [...process.execArgv, YOUNG_GENERATION_FLAG] })
  const listening = new WeakSet<Worker>()
  let stopping = false
  let failed = false
  // All start at once (loading the program takes each ~0.5 s), but open the file one at a time:
  // opening, a process may write at length (finishing an import's derived data left pending), and
  // two doing so at once on one file can wait past the lock timeout. Each says when it has opened
  // (the next one opens then, so their indexes load side by side, one per core) and when its index
  // is in memory; once all are in, all listen together (a replacement later listens as soon as it is in).
  const waiting: Worker[] = []
  let opening: Worker | undefined
  const nextOpens = () => {
    while (!opening && waiting.length) {
      const next = waiting.shift()!
      if (!next.isConnected()) continue
      opening = next
      next.send({ openroles: OPEN })
    }
  }
  const warm: Worker[] = []
  let open = false
  const fork = () => {
    const worker = cluster.fork()
    worker.on('message', (message: unknown) => {
      const kind = (message as { openroles?: string } | null)?.openroles
      if (kind === MAY_OPEN) waiting.push(worker)
      if (kind === OPENED && opening === worker) opening = undefined
      if (kind === MAY_OPEN || kind === OPENED) nextOpens()
      if (kind !== WARM) return
      if (open) return void worker.send({ openroles: LISTEN })
      warm.push(worker)
      if (stopping || warm.length < count) return
      open = true
      for (const each of warm) if (each.isConnected()) each.send({ openroles: LISTEN })
      log.info('every serving process has its index in memory: listening', { processes: count })
    })
    worker.once('listening', () => listening.add(worker))
  }
  cluster.on('exit', (worker, code, signal) => {
    if (opening === worker) {
      opening = undefined
      nextOpens()
    }
    if (!stopping && !listening.has(worker)) {
      log.error('a serving process stopped before it listened: stopping', { pid: worker.process.pid, code, signal })
      failed = true
      stop('SIGTERM')
    } else if (!stopping) {
      log.error('a serving process died: starting another', { pid: worker.process.pid, code, signal })
      fork()
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0)
  })
  const stop = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  for (let i = 0; i < count; i++) fork()
  log.info('serving processes started', { processes: count })
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))
}
