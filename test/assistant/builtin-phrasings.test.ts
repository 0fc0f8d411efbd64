import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assistantApp } from './helpers.ts'
import { sessionHeaders } from '../helpers/auth.ts'

/**
 * The built-in assistant (no model) on plain-word requests, through HTTP: each phrasing must pick
 * the right tool with the right job, and the tool must really act (search results, saved marks,
 * stages, drafts). References ("the second one", "it", "Acme") resolve against the session.
 */
type Expect = { tool: string; company?: string | ((results: string[]) => string); stage?: string; found?: string[] } | { text: RegExp }

test('the built-in assistant understands 36 common phrasings', async () => {
  const { say, send, newSession, slugs } = await assistantApp()
  const companyOf = Object.fromEntries(Object.entries(slugs).map(([company, slug]) => [slug, company]))
  await send('PATCH', `/jobs/${slugs.acme}/track`, { stage: 'applied' })
  const id = await newSession()
  let results: string[] = []
  const cases: [string, Expect][] = [
    ['remote rust jobs in Berlin', { tool: 'search_jobs', found: ['acme', 'globex'] }],
    ['Find me rust roles in Munich', { tool: 'search_jobs', found: ['initech'] }],
    ['any python positions in Paris?', { tool: 'search_jobs', found: ['umbrella'] }],
    ['show me hybrid data engineer jobs', { tool: 'search_jobs', found: ['umbrella'] }],
    ["I'm looking for a frontend developer job in London", { tool: 'search_jobs', found: ['hooli'] }],
    ['search for onsite rust openings', { tool: 'search_jobs', found: ['initech'] }],
    ['rust jobs in Germany', { tool: 'search_jobs', found: ['acme', 'globex', 'initech'] }],
    ['latest remote jobs', { tool: 'search_jobs', found: ['acme', 'globex', 'hooli'] }],
    ['Are there any React positions?', { tool: 'search_jobs', found: ['hooli'] }],
    ['who is hiring for python?', { tool: 'search_jobs', found: ['umbrella'] }],
    ['remote rust jobs in Berlin please', { tool: 'search_jobs', found: ['acme', 'globex'] }],
    ['save the second one', { tool: 'save_job', company: (r) => r[1]! }],
    ['Bookmark the first job', { tool: 'save_job', company: (r) => r[0]! }],
    ['keep the last one', { tool: 'save_job', company: (r) => r.at(-1)! }],
    ['tell me about the first one', { tool: 'read_job', company: (r) => r[0]! }],
    ['more about #2', { tool: 'read_job', company: (r) => r[1]! }],
    ['how do I fit the first?', { tool: 'match_analysis', company: (r) => r[0]! }],
    ['am I qualified for number two', { tool: 'match_analysis', company: (r) => r[1]! }],
    ['why am I a weak fit for this?', { tool: 'match_analysis', company: (r) => r[1]! }],
    ['should I apply to Globex?', { tool: 'match_analysis', company: 'globex' }],
    ['move Acme to interview', { tool: 'set_stage', company: 'acme', stage: 'interview' }],
    ['I got an offer from Acme!', { tool: 'set_stage', company: 'acme', stage: 'offer' }],
    ['Acme rejected me', { tool: 'set_stage', company: 'acme', stage: 'rejected' }],
    ['mark Globex as applied', { tool: 'set_stage', company: 'globex', stage: 'applied' }],
    ['I withdrew from Acme', { tool: 'set_stage', company: 'acme', stage: 'withdrawn' }],
    ['update Acme to screening', { tool: 'set_stage', company: 'acme', stage: 'screening' }],
    ['how are my applications doing?', { tool: 'pipeline' }],
    ['show my pipeline', { tool: 'pipeline' }],
    ['where do I stand?', { tool: 'pipeline' }],
    ['draft a follow-up to Acme', { tool: 'draft_follow_up', company: 'acme' }],
    ['write a follow up email for it', { tool: 'draft_follow_up', company: 'acme' }],
    ['help me chase Globex', { tool: 'draft_follow_up', company: 'globex' }],
    ['hello', { text: /^Hello! I can search jobs/ }],
    ['what can you do?', { text: /I can search jobs/ }],
    ['book me a flight to Rome', { text: /^I can’t do that without a language model/ }],
    ['help', { text: /^Hello!/ }],
  ]
  assert.ok(cases.length >= 30)
  for (const [phrase, expected] of cases) {
    const turn = await say(id, phrase)
    assert.equal(turn.status, 200, phrase)
    assert.equal(turn.events.filter((e) => e.event === 'result').length, 1, phrase)
    const use = turn.events.find((e) => e.event === 'tool_use')
    const result = turn.events.find((e) => e.event === 'tool_result')
    if ('text' in expected) {
      assert.equal(use, undefined, `${phrase}: no tool`)
      assert.match(turn.events.find((e) => e.event === 'assistant_text').text, expected.text, phrase)
      continue
    }
    assert.equal(use?.name, expected.tool, phrase)
    assert.equal(result.is_error, false, `${phrase}: ${JSON.stringify(result.result)}`)
    if (expected.found) {
      results = result.result.jobs.map((job: any) => companyOf[job.slug])
      assert.deepEqual([...results].sort(), expected.found, `${phrase}: ${use.input.params}`)
    }
    if (expected.company) {
      const company = typeof expected.company === 'function' ? expected.company(results) : expected.company
      assert.equal(companyOf[use.input.slug], company, phrase)
    }
    if (expected.stage) assert.equal(use.input.stage, expected.stage, phrase)
  }
  const tracking = (await send('GET', `/me/tracking/${slugs.acme}`)).body.data
  assert.equal(tracking.stage, 'screening', 'the last stage move really happened')
  const saved = (await send('GET', `/me/tracking/${slugs.globex}`)).body.data
  assert.ok(saved.saved_at, 'saved through the assistant')
  assert.equal((await send('GET', '/me/tracking/analyses')).body.data.length >= 2, true, 'match analyses ran and were cached')
})

test('without context the assistant asks which job; an unknown reference is a tool error, not a failed turn', async () => {
  const { say, newSession } = await assistantApp()
  const id = await newSession()
  const turn = await say(id, 'save it')
  assert.equal(turn.events.find((e) => e.event === 'tool_use'), undefined)
  assert.match(turn.events.find((e) => e.event === 'assistant_text').text, /^Which job should I save\?/)
  const unknown = await say(id, 'tell me about no-such-job-here')
  const result = unknown.events.find((e) => e.event === 'tool_result')
  assert.deepEqual([result.is_error, result.result.error], [true, 'no job no-such-job-here'])
  assert.equal(unknown.events.at(-1).stop_reason, 'end_turn')
})

test('the built-in assistant edits and reads CVs in plain words, as the agent, under the CV rules', async () => {
  const { say, send, newSession, slugs, call, alice } = await assistantApp()
  const cookie = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: sessionHeaders(alice.cookie), ...(body !== undefined && { body: JSON.stringify(body) }) })
  const baseId = (await cookie('POST', '/me/cvs', {})).body.data.id
  await cookie('PUT', `/me/cvs/${baseId}`, { title: 'Base', template_id: 'classic-ats', document: { header: { full_name: 'Alice Example' }, skills: [{ group: 'Core', items: ['Rust', 'Python'] }], experience: [{ role: 'Engineer', company: 'Old Co', bullets: ['Built a queue'] }] } })
  const acme = (await cookie('POST', '/me/cvs/tailor', { job_slug: slugs.acme })).body.data
  const cv = async (id: string) => (await send('GET', `/me/cvs/${id}`)).body.data.document
  const skills = async (id: string) => (await cv(id)).skills.flatMap((g: { items: string[] }) => g.items)
  const id = await newSession()
  const cases: [string, { tool: string; cv?: string; error?: RegExp; check?: () => Promise<void> } | { text: RegExp }][] = [
    ['show my CVs', { tool: 'list_cvs' }],
    ['which CVs do I have?', { tool: 'list_cvs' }],
    ["what's on my Acme CV?", { tool: 'read_cv', cv: acme.tailor_cv_id }],
    ['add Kubernetes to my skills on my Acme CV', { tool: 'patch_cv', cv: acme.tailor_cv_id, check: async () => assert.ok((await skills(acme.tailor_cv_id)).includes('Kubernetes')) }],
    ['add Terraform and Docker to my base CV', { tool: 'patch_cv', cv: baseId, check: async () => assert.deepEqual((await skills(baseId)).slice(-2), ['Terraform', 'Docker']) }],
    ['remove Python from my skills', { tool: 'patch_cv', cv: baseId, check: async () => assert.ok(!(await skills(baseId)).includes('Python')) }],
    ['set my summary to Rust engineer who ships reliable systems.', { tool: 'patch_cv', cv: baseId, check: async () => assert.equal((await cv(baseId)).summary, 'Rust engineer who ships reliable systems.') }],
    ['add a bullet to my Old Co role on my base CV: Cut p95 latency by 40%', { tool: 'patch_cv', cv: baseId, check: async () => assert.deepEqual((await cv(baseId)).experience[0].bullets, ['Built a queue', 'Cut p95 latency by 40%']) }],
    ['take Kubernetes off my Acme CV', { tool: 'patch_cv', cv: acme.tailor_cv_id, check: async () => assert.ok(!(await skills(acme.tailor_cv_id)).includes('Kubernetes')) }],
    ['change my name on my base CV to Mallory', { tool: 'patch_cv', cv: baseId, error: /agent may not change the header/ }],
    ['add Rust to my base CV', { text: /already lists Rust/ }],
  ]
  for (const [phrase, expected] of cases) {
    const turn = await say(id, phrase)
    assert.equal(turn.events.filter((e) => e.event === 'result').length, 1, phrase)
    const use = turn.events.find((e) => e.event === 'tool_use')
    if ('text' in expected) {
      assert.equal(use, undefined, phrase)
      assert.match(turn.events.find((e) => e.event === 'assistant_text').text, expected.text, phrase)
      continue
    }
    const result = turn.events.find((e) => e.event === 'tool_result')
    assert.equal(use?.name, expected.tool, phrase)
    if (expected.cv) assert.equal(use.input.cv_id, expected.cv, phrase)
    if (expected.error) assert.match(result.result.error, expected.error, phrase)
    else assert.equal(result.is_error, false, `${phrase}: ${JSON.stringify(result.result)}`)
    await expected.check?.()
  }
  assert.equal((await cookie('GET', `/me/cvs/${baseId}`)).body.data.document.header.full_name, 'Alice Example', 'the refused edit changed nothing')
  const revisions = (await cookie('GET', `/me/cvs/${baseId}/revisions`)).body.data.filter((r: { actor: string }) => r.actor === 'agent')
  assert.equal(revisions.length, 4)
  assert.equal(new Set(revisions.map((r: { batch_id: string }) => r.batch_id)).size, 4, 'each turn is its own batch')

  // In the tailoring session, "my skills" is that session's CV.
  const tailorTurn = await say(acme.session_id, 'add Go to my skills')
  assert.equal(tailorTurn.events.find((e) => e.event === 'tool_use').input.cv_id, acme.tailor_cv_id)
  assert.ok((await skills(acme.tailor_cv_id)).includes('Go'))
})
