import busboy from 'busboy'
import type { H3Event } from 'h3'
import { badRequest, payloadTooLarge, unsupportedType } from '../errors.ts'
import { bodyTimeoutError } from './body-read.ts'

/**
 * multipart/form-data read as it streams (busboy), with every limit enforced while reading: field
 * count, field size, one file of at most `fileBytes`. The first byte over a limit stops reading and
 * answers 413, so a huge upload costs about `fileBytes` of memory and is never read to its end.
 * A declared Content-Length above what the limits allow is refused before reading anything.
 */
export interface MultipartLimits {
  fields: number
  fieldBytes: number
  fileBytes: number
  /** How long the whole body may take to arrive (BODY_TIMEOUT_MS): past it, 408. */
  timeoutMs: number
}

export interface MultipartForm {
  fields: Record<string, string>
  /** The one file of the form (under `fileField`); absent when none was sent. */
  file?: Buffer
}

/** Room for boundaries and part headers on top of the payload the limits allow. */
const OVERHEAD_BYTES = 64 * 1024

export async function readMultipart(event: H3Event, limits: MultipartLimits, fileField: string): Promise<MultipartForm> {
  const contentType = event.req.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw unsupportedType('the body must be multipart/form-data')
  const declared = Number(event.req.headers.get('content-length') ?? '0')
  const most = limits.fileBytes + limits.fields * limits.fieldBytes + OVERHEAD_BYTES
  if (declared > most) throw payloadTooLarge(`the upload is larger than ${Math.round(limits.fileBytes / 1048576)} MB`)
  const body = event.req.body
  if (!body) throw badRequest('invalid multipart body')

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fields: limits.fields, fieldSize: limits.fieldBytes, files: 1, fileSize: limits.fileBytes, parts: limits.fields + 1, fieldNameSize: 100 },
    })
  } catch {
    throw badRequest('invalid multipart body')
  }
  const form: MultipartForm = { fields: {} }
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure ??= error
  }
  const done = new Promise<void>((resolve) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(payloadTooLarge(`field ${name.slice(0, 40)} is larger than ${limits.fieldBytes} bytes`))
      else form.fields[name] = value
    })
    parser.on('file', (name, stream) => {
      // A cut-off body ends the part early; the parser's own error already settles the outcome.
      stream.on('error', () => fail(badRequest('invalid multipart body')))
      if (name !== fileField) {
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => fail(payloadTooLarge(`the file is larger than ${Math.round(limits.fileBytes / 1048576)} MB`)))
      stream.on('end', () => {
        form.file = Buffer.concat(chunks)
      })
    })
    for (const limit of ['fieldsLimit', 'filesLimit', 'partsLimit'] as const) parser.on(limit, () => fail(payloadTooLarge('too many form fields')))
    parser.on('error', () => {
      fail(badRequest('invalid multipart body'))
      resolve()
    })
    parser.on('close', () => resolve())
  })

  const reader = body.getReader()
  const timer = setTimeout(() => {
    fail(bodyTimeoutError(limits.timeoutMs))
    void reader.cancel().catch(() => {})
  }, limits.timeoutMs)
  try {
    for (;;) {
      if (failure) break
      const { value, done: ended } = await reader.read()
      if (failure) break
      if (ended) {
        parser.end()
        break
      }
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), done])
    }
  } catch {
    fail(badRequest('invalid multipart body'))
  } finally {
    clearTimeout(timer)
  }
  if (failure) {
    // Stop the upload where it is: nothing more is read from the client.
    await reader.cancel().catch(() => {})
    parser.destroy()
    throw failure
  }
  await done
  if (failure) throw failure
  return form
}
