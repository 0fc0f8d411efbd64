import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assistantApp } from './helpers.ts'

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
