/**
 * Rate budgets across the cluster's processes on one machine: the primary keeps every bucket in
 * its memory (the same store a single process uses) and each serving process draws from it over
 * the cluster's IPC channel, so a caller's budget is counted once however the port spreads its
 * requests. A round trip is a message each way between local processes; no disk write per request.
 * The draws a process makes in one turn of its event loop go as one message (a busy process reads
 * several requests at once): the primary's CPU per request, and each side's, is a message's cost
 * shared out.
 */
import cluster, { type Worker } from 'node:cluster'
import type { Config } from '../config.ts'
import type { RateLimiter } from '../context.ts'
import { limiterOver, memoryDraw, type Drawn, type Draw } from '../http/rate-limit.ts'

const KIND = 'openroles:rate'

interface DrawRequests {
  kind: typeof KIND
  draws: { id: number; args: Parameters<Draw<unknown>> }[]
}

interface DrawAnswers {
  kind: typeof KIND
  answers: { id: number; drawn: Drawn }[]
}

/** In the primary: answers the serving processes' draws from one in-memory store, in the order sent. */
export function serveRateBudgets(config: Config): void {
  const draw = memoryDraw(config)
  cluster.on('message', (worker: Worker, message: DrawRequests) => {
    if (message?.kind !== KIND) return
    const answer: DrawAnswers = { kind: KIND, answers: message.draws.map(({ id, args }) => ({ id, drawn: draw(...args) })) }
    if (worker.isConnected()) worker.send(answer)
  })
}

/** In a serving process: the limiter whose store is the primary. */
export function primaryRateLimiter(config: Config): RateLimiter {
  const pending = new Map<number, { resolve: (drawn: Drawn) => void; reject: (error: Error) => void }>()
  let next = 0
  let batch: DrawRequests['draws'] = []
  process.on('message', (message: DrawAnswers) => {
    if (message?.kind !== KIND) return
    for (const { id, drawn } of message.answers) {
      pending.get(id)?.resolve(drawn)
      pending.delete(id)
    }
  })
  const flush = () => {
    const draws = batch
    batch = []
    process.send!({ kind: KIND, draws } satisfies DrawRequests, undefined, {}, (error) => {
      if (!error) return
      for (const { id } of draws) {
        pending.get(id)?.reject(error)
        pending.delete(id)
      }
    })
  }
  return limiterOver(config, (...args) => {
    const id = ++next
    return new Promise<Drawn>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      if (batch.push({ id, args }) === 1) setImmediate(flush)
    })
  })
}
