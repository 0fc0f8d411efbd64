import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { crc32 } from 'node:zlib'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import type { Config } from '../../src/config.ts'

// The profile photo through HTTP: uploads are checked by their bytes (JPEG, PNG, WebP), cut off past
// the size limit while streaming, stripped of metadata, capped per hour; the photo CV templates
// print the stored image (pdfimages finds it in the PDF) instead of the initials.

const fixture = (ext: string) => readFileSync(new URL(`./fixtures/photo.${ext}`, import.meta.url))
const SECRET = 'GPS 52.52N 13.40E taken at home'

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** The fixture photos with metadata a phone would add: EXIF/COM in the JPEG, tEXt in the PNG, EXIF in the WebP. */
function withMetadata(ext: string): Buffer {
  const bytes = fixture(ext)
  if (ext === 'jpg') {
    const exif = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from(SECRET)])
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), exif])
    app1.writeUInt16BE(exif.length + 2, 2)
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, SECRET.length + 2]), Buffer.from(SECRET)])
    // Some tools also append a block after the end-of-image marker.
    return Buffer.concat([bytes.subarray(0, 2), app1, com, bytes.subarray(2), Buffer.from(SECRET)])
  }
  if (ext === 'png') return Buffer.concat([bytes.subarray(0, 33), pngChunk('tEXt', Buffer.from(`Comment\0${SECRET}`)), bytes.subarray(33)])
  const exif = Buffer.from(SECRET.length % 2 ? SECRET + ' ' : SECRET)
  const chunk = Buffer.concat([Buffer.from('EXIF'), Buffer.alloc(4), exif])
  chunk.writeUInt32LE(exif.length, 4)
  const out = Buffer.concat([bytes, chunk])
  out.writeUInt32LE(out.length - 8, 4)
  out[20] = out[20]! | 0x08 // VP8X: "has EXIF"
  return out
}

function form(bytes: Buffer, name = 'me.jpg'): FormData {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(bytes)]), name)
  return body
}

async function setup(config: Partial<Config> = {}) {
  const app = createTestApp({ config })
  const user = await signUp(app.call)
  const browser = { cookie: user.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }
  const put = (body: FormData | string) => app.call('/api/v1/me/photo', { method: 'PUT', headers: typeof body === 'string' ? sessionHeaders(user.cookie) : browser, body })
  const raw = () => app.app.request('/api/v1/me/photo/image', { headers: browser })
  const status = async () => (await app.call('/api/v1/me/photo', { headers: browser })).body.data
  return { ...app, user, browser, put, raw, status }
}

test('a JPEG, PNG or WebP photo is stored without its metadata and served back as an image', async () => {
  const { put, raw, status } = await setup()
  assert.equal((await raw()).status, 404)
  assert.deepEqual(await status(), { enabled: true, present: false }, "the reference's shape: 200 with present false, no uploaded_at")
  for (const [ext, type] of [['jpg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp']] as const) {
    const upload = withMetadata(ext)
    assert.ok(upload.includes(SECRET))
    const stored = await put(form(upload, `renamed.gif`))
    assert.equal(stored.status, 200, JSON.stringify(stored.body))
    const { updated_at, uploaded_at, ...meta } = stored.body.data
    assert.deepEqual(meta, { enabled: true, present: true, content_type: type, width: 64, height: 64, bytes: stored.body.data.bytes })
    assert.equal(uploaded_at, updated_at)
    assert.deepEqual(await status(), stored.body.data, 'GET /me/photo answers what the upload answered')
    const served = await raw()
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), type)
    assert.match(served.headers.get('cache-control') ?? '', /no-store/)
    const bytes = Buffer.from(await served.arrayBuffer())
    assert.equal(bytes.length, stored.body.data.bytes)
    assert.ok(!bytes.includes(SECRET), `${ext}: the metadata is gone`)
    assert.ok(bytes.length < upload.length)
    // What draws the picture is kept byte for byte: the original fixture (which had no such metadata) round-trips unchanged.
    if (ext !== 'webp') assert.deepEqual(bytes, fixture(ext))
    else {
      assert.equal(bytes[20]! & 0x08, 0, 'the VP8X EXIF flag is cleared with its chunk')
      assert.equal(bytes.readUInt32LE(4), bytes.length - 8, 'the RIFF size matches')
    }
  }
})

test('refused uploads: not an image by its bytes, broken, too many pixels, too large, no file, not multipart, API key', async () => {
  const { put, raw, call, user, browser } = await setup({ photoMaxBytes: 6000 })
  const png = fixture('png')
  const huge = Buffer.from(png)
  huge.writeUInt32BE(20000, 16) // IHDR width: a small file declaring a 20000-pixel canvas
  const cases: [string, FormData | string, number, RegExp][] = [
    ['a text file named .jpg', form(Buffer.from('#!/bin/sh\necho hello\n'), 'me.jpg'), 415, /JPEG, PNG or WebP/],
    ['a GIF', form(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'me.gif'), 415, /JPEG, PNG or WebP/],
    ['a PNG cut short', form(png.subarray(0, 200), 'me.png'), 415, /well-formed PNG/],
    ['a JPEG without a frame', form(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3]), 'me.jpg'), 415, /well-formed JPEG/],
    ['a JPEG frame header cut short', form(Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 2]), 'me.jpg'), 415, /well-formed JPEG/],
    ['a PNG header chunk cut short', form(Buffer.concat([png.subarray(0, 8), Buffer.from([0, 0, 0, 0]), Buffer.from('IHDR'), Buffer.alloc(4)]), 'me.png'), 415, /well-formed PNG/],
    ['20000 pixels wide', form(huge, 'me.png'), 415, /at most 4096 a side/],
    ['over PHOTO_MAX_BYTES', form(Buffer.concat([png, Buffer.alloc(5000)]), 'me.png'), 413, /larger than/],
    ['no file', new FormData(), 400, /missing photo file/],
    ['JSON', JSON.stringify({ file: 'x' }), 415, /multipart/],
  ]
  for (const [what, body, status, message] of cases) {
    const answer = await put(body)
    assert.equal(answer.status, status, what)
    assert.match(answer.body.error, message, what)
  }
  assert.equal((await raw()).status, 404, 'nothing was stored')
  assert.equal((await call('/api/v1/me/photo', { headers: browser })).body.data.present, false)
  const key = await createApiKey(call, user.cookie)
  const byKey = await call('/api/v1/me/photo', { method: 'PUT', headers: { ...bearerHeaders(key), 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' })
  assert.equal(byKey.status, 401, 'a cookie-only operation')
  assert.equal((await call('/api/v1/me/photo', { headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/photo/image', { headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/photo', { method: 'PUT', headers: { origin: 'https://evil.example', cookie: browser.cookie }, body: form(png) })).status, 403)
})

test('uploads are capped per hour, refused files included; DELETE removes the photo and DELETE /me erases it', async () => {
  const { put, raw, status, call, user, db, ctx } = await setup({ photoUploadsPerHour: 3 })
  let now = new Date('2026-11-24T10:00:00Z')
  ctx.now = () => now
  assert.equal((await put(form(Buffer.from('not an image')))).status, 415)
  assert.equal((await put(form(fixture('png')))).status, 200)
  assert.equal((await put(form(fixture('jpg')))).status, 200)
  const refused = await put(form(fixture('webp')))
  assert.equal(refused.status, 429)
  assert.equal(refused.headers.get('retry-after'), '3600')
  assert.equal((await raw()).headers.get('content-type'), 'image/jpeg', 'the refused upload changed nothing')
  now = new Date('2026-11-24T11:00:01Z')
  assert.equal((await put(form(fixture('webp')))).status, 200, 'the hour has passed')

  const removed = await call('/api/v1/me/photo', { method: 'DELETE', headers: sessionHeaders(user.cookie) })
  assert.equal(removed.status, 204)
  assert.equal((await raw()).status, 404)
  assert.deepEqual(await status(), { enabled: true, present: false })
  assert.equal((await put(form(fixture('png')))).status, 200)
  assert.equal((await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(user.cookie) })).status, 204)
  assert.equal(db.prepare('SELECT COUNT(*) FROM user_photos').pluck().get(), 0)
  assert.equal(db.prepare('SELECT COUNT(*) FROM photo_uploads').pluck().get(), 0)
})

/** `pdfimages -list` rows of a PDF (poppler-utils). */
function imagesIn(pdf: Buffer): string[] {
  try {
    return execFileSync('pdfimages', ['-list', '-'], { input: pdf, encoding: 'utf8' }).split('\n').slice(2).filter((line) => line.trim().split(/\s+/)[2] === 'image')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pdfimages is missing: install poppler-utils (.ci/run does)')
    throw error
  }
}

test('the portrait and headshot templates print the photo instead of the initials; other templates never do', async () => {
  const { put, call, app, user, browser } = await setup()
  const send = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: sessionHeaders(user.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  const { id } = (await send('POST', '/me/cvs', {})).body.data
  const document = { header: { full_name: 'Zofia Nowak', email: 'zofia@example.org' }, summary: 'Engineer.' }
  const pdf = async (template: string) => {
    assert.equal((await send('PUT', `/me/cvs/${id}`, { title: 'CV', template_id: template, document })).status, 200)
    const response = await app.request(`/api/v1/me/cvs/${id}/pdf`, { headers: browser })
    assert.equal(response.status, 200)
    const bytes = Buffer.from(await response.arrayBuffer())
    return { images: imagesIn(bytes), text: execFileSync('pdftotext', ['-', '-'], { input: bytes, encoding: 'utf8' }) }
  }
  const before = await pdf('headshot')
  assert.equal(before.images.length, 0)
  assert.match(before.text, /\bZN\b/, 'the initials stand in for the photo')
  for (const ext of ['jpg', 'png', 'webp']) {
    assert.equal((await put(form(fixture(ext)))).status, 200)
    for (const template of ['portrait', 'headshot']) {
      const after = await pdf(template)
      assert.equal(after.images.length, 1, `${template} with a ${ext}: ${after.images.join(' | ')}`)
      assert.match(after.images[0]!, /^\s*1\s+0\s+image\s+64\s+64\b/)
      assert.doesNotMatch(after.text, /\bZN\b/, 'no initials once there is a photo')
      assert.match(after.text, /Zofia Nowak/)
    }
  }
  assert.equal((await pdf('classic-ats')).images.length, 0, 'a template without a photo slot ignores it')
})
