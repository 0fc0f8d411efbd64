import { createTestApp, fixtureJob } from '../helpers/app.ts'
import type { Config } from '../../src/config.ts'
import { bearerHeaders, createApiKey, signUp, sessionSender } from '../helpers/auth.ts'

/**
 * A tiny catalogue of three companies (acme, globex, initech) with one posting each, and helpers to
 * sign people up, make one a moderator and send JSON as a session or an API key.
 */
export function communityApp(config: Partial<Config> = {}) {
  const jobs = [
    fixtureJob({ publicSlug: 'acme-backend', url: 'https://acme.example/careers/backend-1', company: { slug: 'acme', name: 'Acme' } }),
    fixtureJob({ publicSlug: 'globex-frontend', title: 'Frontend Engineer', company: { slug: 'globex', name: 'Globex' } }),
    fixtureJob({ publicSlug: 'initech-data', title: 'Data Engineer', company: { slug: 'initech', name: 'Initech' } }),
  ]
  const app = createTestApp({ jobs, config })
  const { call, db } = app
  const person = async () => {
    const user = await signUp(call)
    const send = sessionSender(call, user.cookie)
    return { ...user, send }
  }
  const moderator = async () => {
    const user = await person()
    db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").run(user.userId)
    return user
  }
  const withKey = async (cookie: string) => {
    const key = await createApiKey(call, cookie)
    return (method: string, path: string, body?: unknown) =>
      call(`/api/v1${path}`, { method, headers: bearerHeaders(key), body: body === undefined ? undefined : JSON.stringify(body) })
  }
  return { ...app, person, moderator, withKey }
}

export const PERSONA = /^[a-z]+-[a-z]+-[1-9]\d$/
