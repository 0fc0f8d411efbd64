/**
 * Rate budgets across the cluster's processes on one machine: the primary keeps every bucket in
 * its memory (the same store a single process uses) and each serving process draws from it over
 * the cluster's IPC channel, so a caller's budget is counted once however the port spreads its
 * requests. A round trip is a message each way between local processes; no disk write per request.
 */
import cluster, { type Worker } from 'node:cluster'
import type { Config } from '../config.ts'
import { limiterOver, memoryDraw, type Drawn, type Draw, type RateLimiter } from '../http/rate-limit.ts'

const KIND = 'openroles:rate'

interface DrawRequest {
  kind: typeof KIND
  id: number
  args: Parameters<Draw<unknown>>
}

interface DrawAnswer {
  kind: typeof KIND
  id: number
  drawn: Drawn
}

/** In the primary: answers the serving processes' draws from one in-memory store. */
export function serveRateBudgets(config: Config): void {
  const draw = memoryDraw(config)
  cluster.on('message', (worker: Worker, message: DrawRequest) => {
    if (message?.kind !== KIND) return
    const answer: DrawAnswer = { kind: KIND, id: message.id, drawn: draw(...message.args) }
    if (worker.isConnected()) worker.send(answer)
  })
}

/** In a serving process: the limiter whose store is the primary. */
export function primaryRateLimiter(config: Config): RateLimiter {
  const pending = new Map<number, (drawn: Drawn) => void>()
  let next = 0
  process.on('message', (message: DrawAnswer) => {
    if (message?.kind !== KIND) return
    pending.get(message.id)?.(message.drawn)
    pending.delete(message.id)
  })
  return limiterOver(config, (...args) => {
    const id = ++next
    return new Promise<Drawn>((resolve, reject) => {
      pending.set(id, resolve)
      const request: DrawRequest = { kind: KIND, id, args }
      process.send!(request, undefined, {}, (error) => {
        if (!error) return
        pending.delete(id)
        reject(error)
      })
    })
  })
}
