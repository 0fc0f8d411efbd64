import { createTestApp } from '../helpers/app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'
import type { Config } from '../../src/config.ts'

/**
 * A test app whose crawler may reach the local stand-in (private hosts allowed), with no pause
 * between requests and short back-off, plus a signed-in moderator and a JSON helper for the admin API.
 */
export async function createSourcesApp(config: Partial<Config> = {}) {
  const app = createTestApp({
    config: { sourcesAllowPrivateHosts: true, sourcesHostDelayMs: 0, sourcesBackoffMs: 5, sourcesRetries: 1, sourcesTimeoutMs: 2000, ...config },
  })
  const moderator = await signUp(app.call)
  app.db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").run(moderator.userId)
  const admin = (method: string, path: string, body?: unknown) =>
    app.call(`/api/v1${path}`, { method, headers: sessionHeaders(moderator.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  /** Adds a source and returns its id. */
  const addSource = async (name: string, extra: { url?: string; company?: string } = {}) => {
    const response = await admin('POST', '/admin/sources', { name, ...extra })
    if (response.status !== 201) throw new Error(`adding ${name} failed: ${response.status} ${JSON.stringify(response.body)}`)
    return response.body.data.id as number
  }
  /** Crawls a source through the admin API and returns the report. */
  const crawl = async (id: number) => {
    const response = await admin('POST', `/admin/sources/${id}/crawl`)
    if (response.status !== 200) throw new Error(`crawl failed: ${response.status} ${JSON.stringify(response.body)}`)
    return response.body.data
  }
  const search = async (query: string) => (await app.call(`/api/v1/jobs/search?${query}`)).body
  return { ...app, moderator, admin, addSource, crawl, search }
}
