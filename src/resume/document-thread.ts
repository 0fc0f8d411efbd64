import type { Worker } from 'node:worker_threads'
import { badRequest, DomainError, payloadTooLarge, type ErrorKind } from '../errors.ts'
import { startModuleWorker } from '../worker-thread.ts'

declare const __OPENROLES_DOCUMENT_WORKER__: string | undefined

/**
 * Résumé files are read in a worker thread (src/resume/document-worker.ts): a parser busy with a
 * hostile file never holds up the serving thread, and past DOCUMENT_READ_TIMEOUT_MS the thread is
 * ended and the upload refused. One thread per process reads one file at a time (uploads are
 * rare; a queue of them waits its turn, each with its own time limit counted from its start); it
 * stays warm for a minute after its last read, then ends.
 */
interface Reply {
  text?: string
  refusal?: { kind: ErrorKind; message: string }
  failure?: string
}

/** The thread's heap: pdf.js and mammoth on a résumé need a few tens of MB. */
const WORKER_HEAP_MB = 256
const IDLE_MS = 60_000

let worker: Worker | null = null
let idle: NodeJS.Timeout | undefined
let queue: Promise<unknown> = Promise.resolve()

function readerThread(): Worker {
  if (worker) return worker
  const bundled = typeof __OPENROLES_DOCUMENT_WORKER__ === 'string' ? __OPENROLES_DOCUMENT_WORKER__ : undefined
  const started = startModuleWorker(bundled, new URL('./document-worker.ts', import.meta.url), {}, [], { maxOldGenerationSizeMb: WORKER_HEAP_MB })
  started.unref()
  started.on('exit', () => {
    if (worker === started) worker = null
  })
  worker = started
  return started
}

function end(thread: Worker): void {
  if (worker === thread) worker = null
  void thread.terminate()
}

export function readInWorker(bytes: Buffer, type: 'pdf' | 'docx', timeoutMs: number): Promise<string> {
  const turn = queue.then(() => readOnce(bytes, type, timeoutMs))
  queue = turn.catch(() => undefined)
  return turn
}

function readOnce(bytes: Buffer, type: 'pdf' | 'docx', timeoutMs: number): Promise<string> {
  clearTimeout(idle)
  const thread = readerThread()
  let timer: NodeJS.Timeout | undefined
  const cleanup: (() => void)[] = []
  return new Promise<string>((resolve, reject) => {
    const on = <A extends unknown[]>(name: string, listener: (...args: A) => void) => {
      thread.on(name, listener as never)
      cleanup.push(() => thread.off(name, listener as never))
    }
    timer = setTimeout(() => {
      end(thread)
      reject(badRequest(`the file took longer than ${timeoutMs / 1000} s to read: upload a simpler PDF or DOCX, or paste the text`))
    }, timeoutMs)
    on('message', (reply: Reply) => {
      if (reply.refusal) reject(new DomainError(reply.refusal.kind, reply.refusal.message))
      else if (reply.failure !== undefined) reject(badRequest('the file could not be read'))
      else resolve(reply.text ?? '')
    })
    on('error', (error: { code?: string }) => {
      end(thread)
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? payloadTooLarge('the file needs far more memory to read than a résumé (refused)') : badRequest('the file could not be read'))
    })
    on('exit', () => reject(badRequest('the file could not be read')))
    thread.postMessage({ bytes, type })
  }).finally(() => {
    clearTimeout(timer)
    for (const off of cleanup) off()
    idle = setTimeout(() => worker && end(worker), IDLE_MS)
    idle.unref()
  })
}
