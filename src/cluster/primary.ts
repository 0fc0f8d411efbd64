/**
 * Several serving processes on one database file (node:cluster). The primary serves nothing: it
 * creates, seeds and migrates the file before forking, so workers never race on a first start,
 * then forks SERVE_PROCESSES workers that share the port. Each worker opens the file itself, keeps
 * its own in-memory index following the change log (src/search/change-log.ts), and one of them,
 * the scheduler lease holder (lease.ts), runs the schedulers. The primary keeps the rate budgets'
 * buckets (rate-ipc.ts) unless Redis does, and merges the processes' metrics for a scrape
 * (metrics-ipc.ts). A worker that dies is replaced; one that dies before it ever listened stops the
 * whole start (a broken setting), so a bad start never loops. SIGTERM/SIGINT are passed on; the
 * primary exits once every worker has.
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

export function startPrimary(config: Config, log: Logger, prepare: () => void): void {
  prepare()
  if (!config.redisUrl) serveRateBudgets(config)
  serveClusterMetrics()
  const count = processCount(config)
  // Serving processes get the young generation even when the primary was started without it.
  const semiSpace = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith('--max-semi-space-size'))
  cluster.setupPrimary({ execArgv: semiSpace ? process.execArgv : [...process.execArgv, YOUNG_GENERATION_FLAG] })
  const listening = new WeakSet<Worker>()
  let stopping = false
  let failed = false
  // One at a time on start: a process starting writes (index snapshot token, rollup, lease), and
  // two starting at once on one file can meet a lock they cannot wait out ("database is locked").
  let toStart = count
  const fork = () => cluster.fork().once('listening', function (this: Worker) {
    listening.add(this)
    if (!stopping && --toStart > 0) fork()
  })
  cluster.on('exit', (worker, code, signal) => {
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
  fork()
  log.info('serving processes started', { processes: count })
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))
}
