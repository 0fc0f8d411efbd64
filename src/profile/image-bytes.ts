/**
 * A profile photo read by its bytes, never its name or declared type: JPEG, PNG or WebP, recognised
 * by magic number and walked segment by segment (so a file that only starts like an image is
 * refused), its pixel size read from the header, and its metadata dropped. A phone photo's EXIF
 * carries where and when it was taken; the copy we keep and print into CVs keeps only what draws
 * the picture (pixels, colour profile). Nothing is decoded: the pixels stay byte for byte as sent,
 * which is why no image library is needed.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp'

export interface CleanImage {
  type: ImageType
  width: number
  height: number
  bytes: Buffer
}

/** What a refused image says (the route answers 415 with it). */
export class ImageError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** PNG chunks that describe rather than draw: text, EXIF and the modification time. */
const EOI = Buffer.from([0xff, 0xd9])
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME'])

/** The image with its metadata removed; throws ImageError for anything that is not a well-formed JPEG, PNG or WebP. */
export function cleanImage(bytes: Buffer): CleanImage {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return cleanJpeg(bytes)
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return cleanPng(bytes)
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return cleanWebp(bytes)
  throw new ImageError('the photo must be a JPEG, PNG or WebP image')
}

function broken(kind: string): never {
  throw new ImageError(`the file is not a well-formed ${kind} image`)
}

/** JPEG: keep APP0 (JFIF), APP2 ICC_PROFILE and APP14 (Adobe colour transform); drop every other APPn and comments. */
function cleanJpeg(bytes: Buffer): CleanImage {
  const kept: Buffer[] = [bytes.subarray(0, 2)]
  let at = 2
  let size: { width: number; height: number } | undefined
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) broken('JPEG')
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    const length = bytes.readUInt16BE(at + 2)
    if (length < 2 || at + 2 + length > bytes.length) broken('JPEG')
    const segment = bytes.subarray(at, at + 2 + length)
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) broken('JPEG')
      size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    }
    const app = marker >= 0xe0 && marker <= 0xef
    const keep = !app || marker === 0xe0 || marker === 0xee || (marker === 0xe2 && segment.toString('latin1', 4, 15) === 'ICC_PROFILE')
    if (marker !== 0xfe && keep) kept.push(segment)
    at += 2 + length
    if (marker === 0xda) break // start of scan: the entropy-coded data and the rest follow as they are
  }
  if (!size || size.width === 0 || size.height === 0) broken('JPEG')
  // The scans run to the end-of-image marker (FF is escaped inside them); whatever a tool appended
  // after it (a second EXIF or XMP block, a thumbnail) is metadata too and is not kept.
  const end = bytes.indexOf(EOI, at)
  if (end < 0) broken('JPEG')
  kept.push(bytes.subarray(at, end + 2))
  return { type: 'image/jpeg', ...size, bytes: Buffer.concat(kept) }
}

/** PNG: every chunk walked to IEND (lengths checked), descriptive chunks dropped. */
function cleanPng(bytes: Buffer): CleanImage {
  const kept: Buffer[] = [PNG_SIGNATURE]
  let at = 8
  let size: { width: number; height: number } | undefined
  for (;;) {
    if (at + 12 > bytes.length) broken('PNG')
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    if (at + 12 + length > bytes.length) broken('PNG')
    if (type === 'IHDR' && length < 8) broken('PNG')
    if (type === 'IHDR') size = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) }
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, at + 12 + length))
    at += 12 + length
    if (type === 'IEND') break
  }
  if (!size || size.width === 0 || size.height === 0) broken('PNG')
  return { type: 'image/png', ...size, bytes: Buffer.concat(kept) }
}

/** WebP: RIFF chunks walked, EXIF and XMP chunks dropped and their VP8X flags cleared. */
function cleanWebp(bytes: Buffer): CleanImage {
  const chunks: Buffer[] = []
  let at = 12
  let size: { width: number; height: number } | undefined
  const end = Math.min(bytes.length, 8 + bytes.readUInt32LE(4))
  while (at + 8 <= end) {
    const type = bytes.toString('latin1', at, at + 4)
    const length = bytes.readUInt32LE(at + 4)
    const padded = length + (length & 1)
    if (at + 8 + length > end) broken('WebP')
    const chunk = Buffer.from(bytes.subarray(at, Math.min(end, at + 8 + padded)))
    const data = chunk.subarray(8)
    if (type === 'VP8X' && data.length >= 10) {
      data[0] = data[0]! & ~0x0c // the EXIF (0x08) and XMP (0x04) flags: their chunks are gone
      size ??= { width: 1 + data.readUIntLE(4, 3), height: 1 + data.readUIntLE(7, 3) }
    } else if (type === 'VP8 ' && data.length >= 10) {
      size ??= { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff }
    } else if (type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
      const bits = data.readUInt32LE(1)
      size ??= { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
    }
    if (type !== 'EXIF' && type !== 'XMP ') chunks.push(chunk)
    at += 8 + padded
  }
  if (!size || size.width === 0 || size.height === 0 || !chunks.some((c) => /^VP8[ L]/.test(c.toString('latin1', 0, 4)))) broken('WebP')
  const body = Buffer.concat(chunks)
  const header = Buffer.alloc(12)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(4 + body.length, 4)
  header.write('WEBP', 8, 'latin1')
  return { type: 'image/webp', ...size, bytes: Buffer.concat([header, body]) }
}
