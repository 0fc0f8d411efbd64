import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

const html = '<h2>About Acme</h2><p>Acme builds <b>robots</b> &amp; tools.</p><h3>What you will do</h3><ul><li>Write Go services</li><li>Review code</li></ul><h3>Benefits</h3><p>Remote budget</p>'
const text = 'About Acme\nAcme builds robots & tools.\nWhat you will do\n• Write Go services\n• Review code\nBenefits\nRemote budget'

test('search serves a one-line, HTML-escaped preview that still reads; the single read serves the stored HTML', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob({ title: 'Go Engineer', descriptionHtml: html, descriptionText: text })] })
  const search = await get('/api/v1/jobs/search?q=go')
  assert.equal(search.status, 200)
  const preview = search.body.data[0].description
  assert.equal(preview, 'About Acme: Acme builds robots &amp; tools. What you will do: • Write Go services • Review code. Benefits: Remote budget')

  const read = await get(`/api/v1/jobs/${search.body.data[0].public_slug}`)
  assert.equal(read.status, 200)
  assert.equal(read.body.data.description, html)
})

test('a long description is cut at a word boundary with an ellipsis', async () => {
  const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ')
  const { get } = createTestApp({ jobs: [fixtureJob({ descriptionHtml: `<p>${words}</p>`, descriptionText: words })] })
  const { body } = await get('/api/v1/jobs/search')
  const preview: string = body.data[0].description
  assert.ok(preview.endsWith('…'))
  assert.ok(preview.length < words.length)
  assert.ok(words.startsWith(preview.slice(0, -1)), 'the preview is a prefix of the text ending on a whole word')
  assert.match(preview.slice(0, -1), /word\d+$/)
})

test('a description that opens with a long run of blank space is previewed from its text, however far in the text starts', async () => {
  const opening = ' \n'.repeat(800)
  const body = 'Heading\n• first point\n• last point\n' + 'More words follow here. '.repeat(30)
  const { get } = createTestApp({ jobs: [fixtureJob({ title: 'Blank Start', descriptionHtml: '<p>x</p>', descriptionText: opening + body }), fixtureJob({ title: 'Plain Start', descriptionHtml: '<p>x</p>', descriptionText: body })] })
  const page = (await get('/api/v1/jobs/search?q=start')).body.data as { title: string; description: string }[]
  const of = (title: string) => page.find((job) => job.title === title)!.description
  assert.ok(of('Plain Start').startsWith('Heading: • first point • last point. More words'), of('Plain Start'))
  assert.equal(of('Blank Start'), of('Plain Start'))
})
