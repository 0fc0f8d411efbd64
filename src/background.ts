import type { Logger } from './log.ts'

/**
 * Work done after the answer has gone out: the answer's timing then cannot reveal what the work
 * found (e.g. whether an email has an account). Failures are logged, never thrown at a caller.
 */
export interface BackgroundWork {
  run(label: string, work: () => void | Promise<void>): void
  /** Resolves when everything started so far has finished (tests, shutdown). */
  idle(): Promise<void>
}

export function createBackgroundWork(log: Logger): BackgroundWork {
  const inFlight = new Set<Promise<void>>()
  return {
    run(label, work) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error('background work failed', { work: label, error: error instanceof Error ? error.message : String(error) }))
        .finally(() => inFlight.delete(job))
      inFlight.add(job)
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight])
    },
  }
}
