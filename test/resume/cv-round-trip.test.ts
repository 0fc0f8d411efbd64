import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cvApp } from '../cv/cv-fixture.ts'
import { sessionHeaders } from '../helpers/auth.ts'

// Our own CV PDFs read back by our own résumé parser: for every template, the PDF of GET
// /me/cvs/{id}/pdf uploaded as the résumé (PUT /me/resume) gives back the name, the headline,
// each role with its company and dates, its stack, and the skills. Two-column templates (sidebar,
// portrait) and the monogram of the photo templates must not leak into the name or the roles.

const TEMPLATES = ['classic-ats', 'centered', 'modern-sans', 'timeline', 'compact', 'mono-tech', 'sidebar', 'portrait', 'headshot']
const document = {
  header: { full_name: 'Ada Lovelace', headline: 'Senior Rust Engineer', email: 'ada@example.org', phone: '+44 20 7946 0000', location: 'London, UK', links: ['https://github.com/ada'] },
  summary: 'Systems engineer who builds fast, reliable backends.',
  experience: [
    { role: 'Staff Engineer', company: 'Initech', start: '2021-03', current: true, bullets: ['Cut p99 latency by 40% across 12 services'], stack: ['Rust', 'PostgreSQL'] },
    { role: 'Backend Engineer', company: 'Globex', location: 'Berlin', start: '2017-01', end: '2021-02', bullets: ['Built the billing pipeline handling 2M events a day'] },
  ],
  education: [{ institution: 'University of London', degree: 'BSc', field: 'Mathematics', start: '2013', end: '2016' }],
  skills: [{ group: 'Languages', items: ['Rust', 'Go', 'Python'] }, { group: 'Data', items: ['PostgreSQL', 'Kafka'] }],
  languages: [{ name: 'English', level: 'native' }],
}

test('every template’s PDF parses back into the name, headline, roles with company and dates, and skills', async () => {
  const { person, call, app } = await cvApp()
  const ada = await person()
  const cv = (await ada.send('POST', '/me/cvs', { title: 'Ada' })).body.data
  for (const template of TEMPLATES) {
    assert.equal((await ada.send('PUT', `/me/cvs/${cv.id}`, { title: 'Ada', template_id: template, document })).status, 200)
    const pdf = await app.request(`/api/v1/me/cvs/${cv.id}/pdf`, { headers: sessionHeaders(ada.cookie) })
    assert.equal(pdf.status, 200, template)
    const form = new FormData()
    form.append('file', new Blob([await pdf.arrayBuffer()], { type: 'application/pdf' }), 'ada.pdf')
    const headers = sessionHeaders(ada.cookie)
    delete headers['content-type']
    const upload = await call('/api/v1/me/resume', { method: 'PUT', headers, body: form })
    assert.equal(upload.status, 200, `${template}: ${JSON.stringify(upload.body)}`)
    const parsed = upload.body.data.structured
    assert.equal(upload.body.data.parse_status, 'ready', template)
    assert.equal(parsed.full_name, 'Ada Lovelace', template)
    assert.equal(parsed.headline, 'Senior Rust Engineer', template)
    assert.deepEqual(
      parsed.experience.map((role: Record<string, string>) => [role.title, role.company, role.start, role.end]),
      [
        ['Staff Engineer', 'Initech', '2021-03', 'present'],
        ['Backend Engineer', 'Globex', '2017-01', '2021-02'],
      ],
      template,
    )
    assert.deepEqual([...parsed.skills].sort(), ['go', 'kafka', 'postgresql', 'python', 'rust'], template)
  }
})
