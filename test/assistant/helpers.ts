import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, signUp } from '../helpers/auth.ts'
import { readSse } from '../helpers/sse.ts'
import type { Config } from '../../src/config.ts'

/** A catalogue of a few postings, a signed-up user with a profile, and helpers to talk to the assistant over HTTP. */
export async function assistantApp(config: Partial<Config> = {}) {
  const jobs = [
    fixtureJob({ title: 'Senior Rust Engineer', company: { slug: 'acme', name: 'Acme' }, workMode: 'remote', cities: [{ name: 'Berlin', country: 'DE' }], countries: ['DE'], location: 'Berlin, Germany', descriptionText: 'Requirements:\n- 5+ years with Rust\n- Kubernetes', descriptionHtml: '<p>Rust</p>' }),
    fixtureJob({ title: 'Rust Developer', company: { slug: 'globex', name: 'Globex' }, workMode: 'remote', cities: [{ name: 'Berlin', country: 'DE' }], countries: ['DE'], location: 'Berlin, Germany', descriptionText: 'We use Rust and PostgreSQL.', descriptionHtml: '<p>Rust</p>' }),
    fixtureJob({ title: 'Rust Platform Engineer', company: { slug: 'initech', name: 'Initech' }, workMode: 'onsite', cities: [{ name: 'Munich', country: 'DE' }], countries: ['DE'], location: 'Munich, Germany', descriptionText: 'Rust and Linux.', descriptionHtml: '<p>Rust</p>' }),
    fixtureJob({ title: 'Python Data Engineer', company: { slug: 'umbrella', name: 'Umbrella' }, workMode: 'hybrid', cities: [{ name: 'Paris', country: 'FR' }], countries: ['FR'], location: 'Paris, France', descriptionText: 'Python, Airflow and SQL.', descriptionHtml: '<p>Python</p>' }),
    fixtureJob({ title: 'Frontend Developer', company: { slug: 'hooli', name: 'Hooli' }, workMode: 'remote', cities: [{ name: 'London', country: 'GB' }], countries: ['GB'], location: 'London, UK', descriptionText: 'React and TypeScript.', descriptionHtml: '<p>React</p>' }),
  ]
  const { app, db, call, ctx } = createTestApp({ jobs, config })
  const slugs = Object.fromEntries((db.prepare('SELECT c.slug, j.public_slug FROM jobs j JOIN companies c ON c.id = j.company_id').all() as { slug: string; public_slug: string }[]).map((row) => [row.slug, row.public_slug]))
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const send = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: bearerHeaders(key), ...(body !== undefined && { body: JSON.stringify(body) }) })
  await send('PUT', '/me/profile', { headline: 'Rust engineer', skills: ['Rust', 'PostgreSQL'], years_experience: 6, desired_roles: ['Rust Engineer'], work_modes: ['remote'] })
  /** Opens a turn stream and reads it to its end. */
  const stream = async (path: string, body?: unknown) => {
    const response = await app.request(`/api/v1${path}`, { method: 'POST', headers: bearerHeaders(key), ...(body !== undefined && { body: JSON.stringify(body) }) })
    if (response.status !== 200) return { status: response.status, body: await response.json(), events: [] as any[], comments: [] as string[] }
    const read = await readSse(response)
    return { status: 200, body: null, events: read.events.map((e) => ({ event: e.event, ...JSON.parse(e.data) })), comments: read.comments }
  }
  const newSession = async (query = '') => (await send('POST', `/assistant/sessions${query}`)).body.data.id as string
  const say = (id: string, text: string) => stream(`/assistant/sessions/${id}/messages`, { text })
  return { app, db, ctx, call, alice, key, send, stream, say, newSession, slugs }
}
