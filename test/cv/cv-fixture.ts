import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, signUp, sessionSender } from '../helpers/auth.ts'
import type { Config } from '../../src/config.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'

/** A fresh app and a signed-in person with helpers to call CV routes by cookie or by API key. */
export async function cvApp(config: Partial<Config> = {}, jobs: JobRecord[] = []) {
  const { app, call, db } = createTestApp({ config, jobs })
  const person = async () => {
    const user = await signUp(call)
    const send = sessionSender(call, user.cookie)
    const key = await createApiKey(call, user.cookie)
    const sendKey = (method: string, path: string, body?: unknown) =>
      call(`/api/v1${path}`, { method, headers: bearerHeaders(key), body: body === undefined ? undefined : JSON.stringify(body) })
    return { ...user, key, send, sendKey }
  }
  return { app, call, db, person }
}
