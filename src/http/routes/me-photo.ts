import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { dataOf, multipartBody, ref } from '../openapi-shapes.ts'
import { readMultipart } from '../multipart.ts'
import { badRequest, notFound } from '../../errors.ts'
import { countPhotoUpload, deletePhoto, MAX_SIDE, photoOf, photoStatus, storePhoto } from '../../profile/photo.ts'

/** The profile photo the `portrait` and `headshot` CV templates print (docs/cv.md). */
const META = '`{ enabled, present, uploaded_at, content_type, width, height, bytes, updated_at }`'

const op = operations({ tags: ['cvs'], auth: 'session' })

export function mePhotoRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const megabytes = Math.round((ctx.config.photoMaxBytes / 1048576) * 10) / 10
  return [
    op.put('/me/photo', 'Upload or replace your profile photo', {
      description: `multipart/form-data with the image in the field \`file\`: a JPEG, PNG or WebP of at most ${megabytes} MB (PHOTO_MAX_BYTES; the upload is cut off while streaming past it) and at most ${MAX_SIDE} pixels a side. The type is read from the bytes, never the name. Metadata (EXIF with its location and time, text chunks, XMP) is removed before the photo is stored; the pixels stay as sent. At most ${ctx.config.photoUploadsPerHour} uploads per hour (PHOTO_UPLOADS_PER_HOUR), refused files included (429 with Retry-After). Answers ${META}. The \`portrait\` and \`headshot\` CV templates print it instead of your initials.`,
      requestBody: multipartBody('The image: JPEG, PNG or WebP.'),
      responses: { 200: { description: `\`{ data: ${META.slice(1, -1)} }\``, schema: dataOf(ref('PhotoMeta')) }, 400: 'no file in the field `file`', 413: 'the file is over the size limit', 415: 'not multipart, or a file that is not a well-formed JPEG, PNG or WebP (or too many pixels)', 429: 'too many uploads this hour' },
    }, async (event, { caller }) => {
      countPhotoUpload(db, caller.userId, ctx.config.photoUploadsPerHour, ctx.now())
      const form = await readMultipart(event, { fields: 2, fieldBytes: 256, fileBytes: ctx.config.photoMaxBytes, timeoutMs: ctx.config.bodyTimeoutMs }, 'file')
      if (!form.file?.length) throw badRequest('missing photo file')
      return { data: storePhoto(db, caller.userId, form.file, ctx.now()) }
    }),
    op.get('/me/photo', 'Whether you have a profile photo', {
      description: 'Always 200: `{ enabled: true, present: false }` without a photo, and with one ' + META + ' (`uploaded_at` = `updated_at`, the time of the last upload; a client can put it on the image URL to bust its cache). `enabled` is always true: the photo lives in the database. The reference service\'s shape, which its web app reads. The image itself is at `GET /me/photo/image`.',
      responses: { 200: { description: `\`{ data: ${META.slice(1, -1)} }\``, schema: dataOf(ref('PhotoMeta')) } },
    }, (_event, { caller }) => ({ data: photoStatus(db, caller.userId) })),
    op.get('/me/photo/image', 'Your profile photo image', {
      description: 'The stored image itself (`image/jpeg`, `image/png` or `image/webp`, as uploaded minus its metadata), never cached by shared caches; 404 when you have none. The upload time is also in the `X-Photo-Updated-At` header.',
      responses: { 200: { description: 'the image', media: ['image/jpeg', 'image/png', 'image/webp'] }, 404: 'no photo' },
    }, (_event, { caller }) => {
      const photo = photoOf(db, caller.userId)
      if (!photo) throw notFound('no photo')
      return new Response(new Uint8Array(photo.bytes), { status: 200, headers: { 'content-type': photo.type, 'content-length': String(photo.bytes.length), 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline', 'x-photo-updated-at': photo.updated_at } })
    }),
    op.delete('/me/photo', 'Delete your profile photo', {
      description: 'The photo CV templates go back to your initials. 204, also when none was stored.',
      responses: { 204: 'deleted' },
    }, (_event, { caller }) => {
      deletePhoto(db, caller.userId)
    }),
  ]
}
