import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { openPageHarness, resultsSettled } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'

// A person signs up on the page, confirms the mailed code, saves a search, subscribes to its digest
// and reads the digest notification: the whole "save and alert" path in Chromium. Sign-up that does
// not sign in (REGISTER_CONCEALS_ACCOUNTS), so the code form is on the path; by default sign-up signs in.
const harness = await openPageHarness(pageCatalogue(), undefined, { config: { registerConcealsAccounts: true } })
after(() => harness.close())

test('sign up with the mailed code, save a search, subscribe to its digest and read notifications on the page', async () => {
  const { page, origin, db } = harness
  await page.goto(`${origin}/account`)
  assert.equal(await page.locator('#account-link').textContent(), 'Sign in')
  const email = 'page-user@example.org'
  await page.locator('#register input[name=email]').fill(email)
  await page.locator('#register input[name=password]').fill('correct horse battery staple')
  await page.locator('#register button[type=submit]').click()
  await page.locator('#confirm-code').waitFor({ state: 'visible' })
  // No SMTP in tests: the code is in the outbox, as an operator would read it (openroles mail outbox).
  // The code is mailed by background work after the answer: wait for it to be written.
  const codeMail = () => db.prepare("SELECT body_text FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").pluck().get(email) as string | undefined
  while (!/\b\d{6}\b/.test(codeMail() ?? '')) await new Promise((resolve) => setTimeout(resolve, 50))
  const code = /\b(\d{6})\b/.exec(codeMail()!)![1]!
  await page.locator('#confirm-code input[name=code]').fill(code)
  await page.locator('#confirm-code button[type=submit]').click()
  await page.waitForSelector('text=Signed in as page-user@example.org')
  assert.equal(await page.locator('#account-link').textContent(), 'Account')

  await page.goto(`${origin}/?q=rust&work_mode=remote`)
  await resultsSettled(page)
  await page.locator('#save-search-name').fill('Remote Rust')
  await page.getByRole('button', { name: 'Save search' }).click()
  await page.waitForSelector('text=Saved.')
  const saved = db.prepare('SELECT name, query FROM saved_searches').all()
  assert.deepEqual(saved, [{ name: 'Remote Rust', query: 'q=rust&work_mode=remote' }])

  await page.goto(`${origin}/account`)
  await page.getByRole('link', { name: 'Remote Rust' }).waitFor()
  await page.getByRole('button', { name: 'Get a digest' }).click()
  await page.getByRole('button', { name: 'Stop the digest' }).waitFor()
  assert.equal(db.prepare('SELECT count(*) FROM subscriptions WHERE active = 1').pluck().get(), 1)

  const user = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number
  const slug = db.prepare('SELECT public_slug FROM jobs ORDER BY id LIMIT 1').pluck().get() as string
  db.prepare("INSERT INTO notifications (user_id, kind, title, body, jobs, created_at) VALUES (?, 'subscription_digest', 'New jobs for Remote Rust', '1 new job', ?, ?)")
    .run(user, JSON.stringify([{ public_slug: slug, title: 'Rust Systems Engineer', company: 'Initech' }]), new Date().toISOString())
  await page.reload()
  await page.waitForSelector('text=Notifications (1 unread)')
  assert.equal(await page.locator(`.notification a[href="/jobs/${slug}"]`).count(), 1)
  mkdirSync('test/artifacts', { recursive: true })
  await page.screenshot({ path: 'test/artifacts/account-page.png' })
  await page.locator('#read-all').click()
  await page.waitForSelector('h2:text-is("Notifications")')
  await page.locator('#sign-out').click()
  await page.locator('#sign-in').waitFor()
})

test('a failed sign-in says why in the form', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/account`)
  await page.locator('#sign-in input[name=email]').fill('nobody@example.org')
  await page.locator('#sign-in input[name=password]').fill('wrong password here')
  await page.locator('#sign-in button[type=submit]').click()
  await page.waitForSelector('#sign-in .form-error:not(:empty)')
  assert.match((await page.locator('#sign-in .form-error').textContent()) ?? '', /incorrect/i)
})
