import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'
import { sessionHeaders } from '../helpers/auth.ts'
import { renderCvPdf } from '../../src/cv/render.ts'
import type { CvRow } from '../../src/cv/store.ts'

// The job seeker's workspace in Chromium through the real server: a visitor meets sign-in prompts,
// a new account learns where its code is, uploads a résumé PDF made by our own CV renderer and sees
// it parsed, keeps profile, screening answers, photo and experience; makes a CV, edits it, picks a
// template, undoes a change, downloads the PDF (read back with pdftotext) and tailors one to a job;
// reads and links inbox mail; creates, copies and revokes an API key; signs out everywhere and
// deletes the account. Every page is measured at 1280×800 and 390×844 (nothing wider than the
// screen) and must log no console error. Screenshots go to test/artifacts/workspace-*.png.

// Sign-up in its enumeration-safe mode (REGISTER_CONCEALS_ACCOUNTS), so the page's code step is what a first sign-up meets.
const harness = await openPageHarness(pageCatalogue(), { width: 1280, height: 800 }, { config: { cvVisitorSalt: 'workspace-test-salt-0123456789abcdef', registerConcealsAccounts: true } })
after(() => harness.close())
const { page, origin, db } = harness
const dir = mkdtempSync(join(tmpdir(), 'openroles-workspace-'))
mkdirSync('test/artifacts', { recursive: true })

const consoleErrors: string[] = []
page.on('console', (message) => {
  if (message.type() !== 'error') return
  const url = message.location().url
  consoleErrors.push(`${message.text()} (${url})`)
})

const EMAIL = 'ada@example.org'
const PASSWORD = 'correct horse battery staple'

/** The page at both sizes: no horizontal overflow, no console error since the last check; screenshots of both. */
async function checkPage(name: string): Promise<void> {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport)
    const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }))
    assert.ok(size.scroll <= size.width, `${name} is ${size.scroll} px wide at ${size.width} px`)
    await page.screenshot({ path: `test/artifacts/workspace-${name}-${viewport.width}.png`, fullPage: viewport.width === 390 })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  assert.deepEqual(consoleErrors.splice(0), [], `console errors on ${name}`)
}

async function sessionCookie(): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'openroles_session')
  assert.ok(cookie, 'signed in')
  return `${cookie.name}=${cookie.value}`
}

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const answer = await harness.call(`/api/v1${path}`, { method, headers: sessionHeaders(await sessionCookie()), body: body === undefined ? undefined : JSON.stringify(body) })
  assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body?.data
}

/** A résumé PDF typeset by our own CV renderer (the sidebar template: two columns). */
function resumePdf(): string {
  const document = {
    margins: { top: 0.5, right: 0.5, bottom: 0.5, left: 0.5 },
    header: { full_name: 'Ada Lovelace', headline: 'Senior Rust Engineer', email: EMAIL, location: 'London, UK', links: ['https://github.com/ada'] },
    summary: 'Systems engineer who builds fast, reliable backends.',
    experience: [
      { role: 'Staff Engineer', company: 'Initech', start: '2021-03', current: true, bullets: ['Cut p99 latency by 40% across 12 services'], stack: ['Rust', 'PostgreSQL'] },
      { role: 'Backend Engineer', company: 'Globex', start: '2017-01', end: '2021-02', bullets: ['Built the billing pipeline handling 2M events a day'] },
    ],
    skills: [{ group: 'Languages', items: ['Rust', 'Go', 'Python'] }],
  }
  const path = join(dir, 'ada-resume.pdf')
  writeFileSync(path, renderCvPdf({ title: 'Ada', template_id: 'sidebar', document: JSON.stringify(document) } as CvRow))
  return path
}

test('a visitor: pages fit a phone, log no error, and actions that need an account say so with a sign-in link', async () => {
  await page.goto(`${origin}/`)
  await page.locator('.job-list:not([aria-busy])').waitFor()
  await page.locator('.save-search-slot .sign-in-prompt a[href="/account"]').waitFor()
  assert.equal(await page.locator('.save-search').isVisible(), false, 'no Save search form for a visitor')
  await checkPage('search-visitor')
  await page.locator('.results .job-card a').first().click()
  await page.locator('.tailor-cv .sign-in-prompt').waitFor()
  await checkPage('job-visitor')
  for (const path of ['/profile', '/profile/report', '/cvs', '/inbox']) {
    await page.goto(`${origin}${path}`)
    await page.locator('main .sign-in-prompt a[href="/account"]').waitFor()
    await checkPage(`visitor${path.replace('/', '-')}`)
  }
  // The docs page's own part (header, quick start with long curl lines), without its script: the
  // reference viewer takes tens of seconds to lay out the whole OpenAPI document on a shared machine.
  const phone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
  try {
    const docs = await phone.newPage()
    await docs.goto(`${origin}/api/v1/docs`)
    await docs.locator('.intro').waitFor()
    const size = await docs.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }))
    assert.ok(size.scroll <= size.width, `the docs page is ${size.scroll} px wide at ${size.width} px`)
    await docs.screenshot({ path: 'test/artifacts/workspace-docs-390.png' })
  } finally {
    await phone.close()
  }
})

test('sign up says where the code is without a mail server; the résumé uploads with progress and its parse shows and can be corrected', async () => {
  await page.goto(`${origin}/account`)
  await page.locator('#register input[name=email]').fill(EMAIL)
  await page.locator('#register input[name=password]').fill(PASSWORD)
  await page.locator('#register button[type=submit]').click()
  await page.locator('#code-hint').waitFor()
  assert.match((await page.locator('#code-hint').textContent()) ?? '', /no mail server.*openroles mail outbox/)
  await checkPage('sign-up-code')
  const codeMail = () => db.prepare('SELECT body_text FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1').pluck().get(EMAIL) as string | undefined
  while (!/\b\d{6}\b/.test(codeMail() ?? '')) await new Promise((resolve) => setTimeout(resolve, 50))
  await page.locator('#confirm-code input[name=code]').fill(/\b(\d{6})\b/.exec(codeMail()!)![1]!)
  await page.locator('#confirm-code button[type=submit]').click()
  await page.waitForSelector(`text=Signed in as ${EMAIL}`)
  await page.locator('#profile-link').click()
  await page.locator('#resume-upload').waitFor()

  // The type and size are refused on the page, before anything is sent.
  await page.locator('#resume-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await page.locator('#resume-upload button[type=submit]').click()
  await page.waitForSelector('#resume-upload .status-line.failed:has-text("is not a PDF or a DOCX")')
  await page.locator('#resume-file').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) })
  await page.locator('#resume-upload button[type=submit]').click()
  await page.waitForSelector('#resume-upload .status-line.failed:has-text("the limit is 8 MB")')

  await page.locator('#resume-file').setInputFiles(resumePdf())
  await page.locator('#resume-upload button[type=submit]').click()
  const extracted = page.locator('#resume-extracted')
  await extracted.waitFor()
  const shown = (await extracted.textContent()) ?? ''
  for (const text of ['Ada Lovelace', 'Senior Rust Engineer', 'Staff Engineer', 'Initech', 'Backend Engineer', 'Globex', 'rust']) assert.ok(shown.includes(text), `the parse shows ${text}: ${shown}`)
  const resume = await api('GET', '/me/resume')
  assert.deepEqual(resume.structured.experience.map((role: { company: string }) => role.company), ['Initech', 'Globex'])
  assert.match(await page.locator('#experience').textContent() ?? '', /Staff Engineer · Initech/, 'the roles went to the experience bank')

  await page.locator('#contacts-form input[name=phone]').fill('+44 20 7946 0000')
  await page.locator('#contacts-form button[type=submit]').click()
  await page.waitForSelector('#contacts-form .status-line:has-text("Saved.")')
  assert.equal((await api('GET', '/me/resume')).contacts.phone, '+44 20 7946 0000')

  await page.locator('#profile-form input[name=headline]').fill('Rust engineer')
  await page.locator('#profile-form textarea[name=skills]').fill('Rust, PostgreSQL, Kubernetes')
  await page.locator('#profile-form input[value=remote]').check()
  await page.locator('#profile-form input[name=base_country]').fill('GB')
  await page.locator('#profile-form button[type=submit]').click()
  await page.waitForSelector('#profile-form .status-line:has-text("Saved.")')
  const profile = await api('GET', '/me/profile')
  assert.equal(profile.headline, 'Rust engineer')
  assert.deepEqual(profile.skills, ['rust', 'postgresql', 'kubernetes'])
  assert.deepEqual(profile.skill_details.map((skill: { name: string }) => skill.name), ['Rust', 'PostgreSQL', 'Kubernetes'])
  assert.deepEqual(profile.location_preferences.work_modes, ['remote'])

  await page.locator('#screening-form input[name=notice_period_days]').fill('30')
  await page.locator('#screening-form select[name=visa_sponsorship_needed]').selectOption('no')
  await page.locator('#screening-form button[type=submit]').click()
  await page.waitForSelector('#screening-form .status-line:has-text("Saved.")')
  const screening = await api('GET', '/me/screening-answers')
  assert.equal(screening.notice_period_days, 30)
  assert.equal(screening.visa_sponsorship_needed, false)
  await page.reload()
  await page.locator('#autofill summary').click()
  assert.match((await page.locator('#autofill').textContent()) ?? '', /notice period\s*30 days/, 'autofill answers from the screening answers')

  await page.locator('#photo-file').setInputFiles(new URL('../profile/fixtures/photo.png', import.meta.url).pathname)
  await page.locator('#photo-upload button[type=submit]').click()
  await page.locator('#photo img.photo').waitFor()
  await checkPage('profile')

  await page.goto(`${origin}/profile/report`)
  await page.locator('#ats-overall').waitFor()
  const ats = await api('GET', '/me/profile/ats-report')
  assert.equal(await page.locator('#ats-overall').textContent(), `${ats.report.overall} / 100`)
  await page.locator('#verdict table').waitFor()
  await checkPage('report')
})

test('CVs: made from the profile, edited, a template picked, a change undone, the PDF downloaded and read back, tailored to a job', async () => {
  await page.goto(`${origin}/cvs`)
  await page.locator('#create-cv').click()
  await page.locator('#cv-form').waitFor()
  assert.equal(await page.locator('#cv-form input[name=full_name]').inputValue(), 'Ada Lovelace', 'seeded from the résumé contacts')
  assert.equal(await page.locator('#cv-form fieldset.cv-role').count(), 2, 'the roles of the experience bank')
  const cvId = /\/cvs\/([^/]+)$/.exec(page.url())![1]!

  await page.locator('#cv-form textarea[name=summary]').fill('Rust engineer for hard latency problems.')
  await page.locator('#cv-form textarea[name=languages]').fill('German — C1')
  await page.locator('#cv-form button[type=submit]').click()
  await page.waitForSelector('#cv-form .status-line:has-text("Saved.")')
  const edited = (await api('GET', `/me/cvs/${cvId}`)).document
  assert.equal(edited.summary, 'Rust engineer for hard latency problems.')
  assert.deepEqual(edited.languages, [{ name: 'German', level: 'C1' }])
  assert.equal(edited.experience[0].company, 'Initech', 'roles kept as they were')
  await page.locator('#cv-template input[value=sidebar]').check()
  await page.waitForSelector('#cv-template .status-line:has-text("Template: Sidebar.")')
  assert.equal((await api('GET', `/me/cvs/${cvId}`)).template_id, 'sidebar')

  // Undo the summary edit (the older of the two revisions): the template change stays.
  await page.locator('#revisions li').nth(1).getByRole('button', { name: /^Undo/ }).click()
  await page.locator('#cv-form').waitFor()
  await page.waitForFunction(() => (document.querySelector('#cv-form textarea[name=summary]') as HTMLTextAreaElement | null)?.value !== 'Rust engineer for hard latency problems.')
  const undone = await api('GET', `/me/cvs/${cvId}`)
  assert.notEqual(undone.document.summary, 'Rust engineer for hard latency problems.')
  assert.equal(undone.template_id, 'sidebar')

  await page.locator('#tracer-toggle').check()
  await page.waitForSelector('#tracer .status-line:has-text("On")')
  assert.equal((await api('GET', `/me/cvs/${cvId}`)).tracer_links_enabled, true)
  await page.reload()
  await page.locator('#tracer .tracer-links li:has-text("github.com/ada")').waitFor()

  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#cv-download').click()])
  const pdfPath = join(dir, 'cv.pdf')
  await download.saveAs(pdfPath)
  let text: string
  try {
    text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pdftotext is missing: install poppler-utils (.ci/run does)')
    throw error
  }
  for (const expected of ['Ada Lovelace', 'Staff Engineer', 'Initech', 'Globex']) assert.ok(text.includes(expected), `the PDF holds ${expected}`)
  assert.ok(readFileSync(pdfPath).subarray(0, 5).toString() === '%PDF-')
  await checkPage('cv')

  const slug = db.prepare("SELECT public_slug FROM jobs WHERE title = 'Rust Systems Engineer' ORDER BY id LIMIT 1").pluck().get() as string
  await page.goto(`${origin}/jobs/${slug}`)
  await page.locator('#track-control button').first().waitFor()
  await checkPage('job')
  await page.locator('#tailor-cv').click()
  await page.locator('#cv-fit').waitFor()
  const tailored = await api('GET', '/me/cvs')
  assert.equal(tailored.length, 1)
  assert.equal(tailored[0].job_slug, slug)
  assert.ok(page.url().endsWith(`/cvs/${tailored[0].id}`))
  await page.locator('#revisions li').first().waitFor()
  await page.goto(`${origin}/cvs`)
  await page.locator(`#tailored-cvs a[href="/cvs/${tailored[0].id}"]`).waitFor()
  await checkPage('cvs')
})

test('inbox: unread mail opens (and is read), gets a label and a job link; mark all read; mailbox connections', async () => {
  const slug = db.prepare("SELECT public_slug FROM jobs WHERE title = 'Backend Engineer' ORDER BY id LIMIT 1").pluck().get() as string
  await api('POST', '/me/emails', {
    messages: [
      { external_id: 'm1', from_addr: 'jobs@globex.example', from_name: 'Globex Talent', subject: 'Interview invitation', body_text: 'We would like to invite you to an interview next week.' },
      { external_id: 'm2', from_addr: 'hr@acme.example', from_name: 'Acme HR', subject: 'Your application', body_text: 'Thank you for applying.' },
    ],
  })
  await page.goto(`${origin}/inbox`)
  await page.locator('#messages:not([aria-busy]) li.message').first().waitFor()
  assert.equal(await page.locator('#messages li.message.unread').count(), 2)
  await page.locator('#inbox select[name=link]').selectOption('unlinked')
  await page.locator('#messages li.message:has-text("Interview invitation") .message-head').click()
  await page.locator('#messages li.message:has-text("Interview invitation") .message-text:has-text("invite you")').waitFor()
  const message = () => api('GET', '/me/inbox?q=Interview').then((list: { read: boolean; status_signal?: string; linked_slug?: string }[]) => list[0]!)
  assert.equal((await message()).read, true, 'opening a message reads it')
  const item = page.locator('#messages li.message:has-text("Interview invitation")')
  await item.getByRole('button', { name: 'Mark unread' }).click()
  await page.locator('#messages li.message.unread:has-text("Interview invitation")').waitFor()
  assert.equal((await message()).read, false, 'marked unread again')
  await item.locator('.message-head').click()
  await item.locator('select[name=signal]').waitFor()
  await item.locator('select[name=signal]').selectOption('interview_invitation')
  await item.locator('.status-line:has-text("Labelled.")').waitFor()
  assert.equal((await message()).status_signal, 'interview_invitation')
  await item.locator('input[name=slug]').fill(`${origin}/jobs/${slug}`)
  await item.getByRole('button', { name: 'Link to this job' }).click()
  await page.locator(`#messages a[href="/jobs/${slug}"]`).waitFor({ state: 'attached' }).catch(async () => {
    // Filtered to unlinked mail, the linked message leaves the list.
    await page.locator('#inbox select[name=link]').selectOption('linked')
    await page.locator(`#messages a[href="/jobs/${slug}"]`).waitFor()
  })
  assert.equal((await message()).linked_slug, slug)
  await api('POST', `/jobs/${slug}/apply`)
  await page.goto(`${origin}/board`)
  await page.locator('.board-card-mail a').waitFor()
  await checkPage('board')
  await page.locator('.board-card-mail a').click()
  await page.locator('#messages li.message:has-text("Interview invitation")').waitFor()
  assert.equal(await page.locator('#messages li.message').count(), 1, 'the board card opens the mail linked to its posting')
  await page.locator('#inbox select[name=link]').selectOption('')
  await page.locator('#inbox-read-all').click()
  await page.waitForSelector('#inbox .status-line:has-text("1 marked read.")')
  assert.equal(await page.locator('#messages li.message.unread').count(), 0)
  await page.locator('#mail-connections h3:has-text("IMAP mailbox")').waitFor()
  await checkPage('inbox')
})

test('account: an API key shown once and revoked, channels, plan and usage, sign out everywhere, delete the account', async () => {
  await page.goto(`${origin}/account`)
  await page.locator('#api-key-form input[name=name]').fill('laptop')
  await page.locator('#api-key-form button[type=submit]').click()
  const keyInput = page.locator('#new-key-value')
  await keyInput.waitFor()
  const key = await keyInput.inputValue()
  assert.match(key, /^or_live_/)
  const asKey = () => harness.call('/api/v1/auth/me', { headers: { authorization: `Bearer ${key}` } })
  assert.equal((await asKey()).status, 200, 'the key works')
  await page.locator('#plan-name').waitFor()
  assert.equal(await page.locator('#plan-name').textContent(), (await api('GET', '/me/plan')).plan)
  await page.locator('#channels li:has-text("Telegram")').waitFor()
  await checkPage('account')

  await page.reload()
  await page.locator('.api-keys li:has-text("laptop")').waitFor()
  assert.equal(await page.locator('#new-key-value').count(), 0, 'the key is not shown again')
  await page.getByRole('button', { name: 'Revoke laptop' }).click()
  await page.waitForSelector('#api-keys .status-line:has-text("Revoked.")')
  assert.equal((await asKey()).status, 401, 'a revoked key stops working')

  await page.locator('#sign-out-all').click()
  await page.locator('#sign-in').waitFor()
  assert.equal(db.prepare('SELECT count(*) FROM sessions').pluck().get(), 0)
  await page.locator('#sign-in input[name=email]').fill(EMAIL)
  await page.locator('#sign-in input[name=password]').fill(PASSWORD)
  await page.locator('#sign-in button[type=submit]').click()
  await page.locator('#delete-account').waitFor({ state: 'attached' })
  await page.locator('#account-security summary').click()
  await page.locator('#delete-account input[name=email]').fill(EMAIL)
  await page.locator('#delete-account button[type=submit]').click()
  await page.waitForURL(`${origin}/`)
  assert.equal(db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(EMAIL), 0)
  assert.deepEqual(consoleErrors.splice(0), [])
})
