import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { countApiKeys, createApiKey, deleteApiKey, listApiKeys, toApiKeyJson } from '../../account/api-keys.ts'
import { conflict } from '../../errors.ts'
import { intParam } from '../validate.ts'
import { dataOf, listOf, ref } from '../openapi-shapes.ts'

const keyIdParams = v.object({ id: intParam({ min: 1, description: 'Id of the API key.' }) })

const op = operations({ tags: ['api keys'], auth: 'session' })

/** Personal API key management. Session only, so a leaked key cannot mint or delete keys. */
export function apiKeyRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/me/api-keys', 'List your personal API keys', {
      description: 'Newest first; each entry shows the non-secret `prefix` (`or_live_<id>`), never the key itself. `last_used_at` is updated at most once a minute. No `meta`: the list is short.',
      responses: { 200: { description: '`{ data: [ApiKey] }`', schema: listOf(ref('ApiKey')) } },
    }, (_event, { caller }) => ({ data: listApiKeys(ctx.db, caller.userId).map(toApiKeyJson) })),
    op.post('/me/api-keys', 'Create a personal API key (shown once)', {
      description: `The response's \`key\` (\`or_live_…\`) is the only time the key is shown: only its hash is stored. Send it as \`Authorization: Bearer <key>\` on "Session or key" operations. At most ${ctx.config.apiKeysPerUser} keys per account (409 beyond).`,
      body: v.object({
        name: v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'is required'), v.maxLength(100, 'must be at most 100 characters'), v.description('A label to recognize the key by, e.g. the machine using it.')),
      }),
      responses: {
        201: { description: 'key created; `key` holds the secret, shown once', schema: dataOf(ref('NewApiKey')) },
        409: 'key limit reached',
      },
    }, (event, { body, caller }) => {
      const made = ctx.db.transaction(() => {
        if (countApiKeys(ctx.db, caller.userId) >= ctx.config.apiKeysPerUser) throw conflict(`an account may hold at most ${ctx.config.apiKeysPerUser} API keys; delete one first`)
        return createApiKey(ctx.db, caller.userId, body.name, ctx.now())
      })()
      return created(event, { ...toApiKeyJson(made.apiKey), key: made.key })
    }),
    op.deleteOwn('/me/api-keys/:id', 'Delete (revoke) a personal API key', {
      description: 'The key stops working at once. 404 when you have no key with this id.',
      params: keyIdParams,
    }, 'no such API key', (userId, id) => deleteApiKey(ctx.db, userId, id)),
  ]
}
