import { parentPort } from 'node:worker_threads'
import { DomainError } from '../errors.ts'
import { readDocumentText } from './document-read.ts'

/**
 * Worker-thread half of src/resume/document-thread.ts: reads uploaded files' text one at a time,
 * off the serving thread, which ends this thread when a read runs out of time.
 */
parentPort!.on('message', async ({ bytes, type }: { bytes: Uint8Array; type: 'pdf' | 'docx' }) => {
  try {
    const text = await readDocumentText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type)
    parentPort!.postMessage({ text })
  } catch (error) {
    parentPort!.postMessage(error instanceof DomainError ? { refusal: { kind: error.kind, message: error.message } } : { failure: String(error) })
  }
})
