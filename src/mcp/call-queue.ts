import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * The work one MCP request (an HTTP POST, possibly a batch) may cause (docs/mcp.md): its tool
 * calls and resource reads run one at a time, each after a turn of the event loop so other
 * requests on the process are answered between them, and they answer at most `maxBytes` in all;
 * past that, a call is refused instead of run.
 */
export type QueuedAnswer<T> = { answer: T } | { refused: string }

export interface CallQueue {
  /** Runs `work` after the calls queued before it; its answer's size counts against the request. */
  run<T>(work: () => Promise<T>): Promise<QueuedAnswer<T>>
}

export function createCallQueue(maxBytes: number): CallQueue {
  let tail: Promise<unknown> = Promise.resolve()
  let answered = 0
  const refused = `response limit reached: one MCP request answers at most ${maxBytes} bytes; send the remaining calls in another request`
  return {
    run<T>(work: () => Promise<T>) {
      const turn = tail.then(async (): Promise<QueuedAnswer<T>> => {
        await nextTurn()
        if (answered >= maxBytes) return { refused }
        const answer = await work()
        answered += Buffer.byteLength(JSON.stringify(answer))
        // The call that crosses the limit is dropped too: the request answers at most maxBytes.
        return answered > maxBytes ? { refused } : { answer }
      })
      tail = turn.catch(() => undefined)
      return turn
    },
  }
}
