import * as v from 'valibot'

/** A generic OpenID Connect provider, configured by OAUTH_PROVIDERS (a JSON array). */
const providerSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,32}$/, 'id must be 1-32 lowercase letters, digits or dashes')),
  name: v.pipe(v.string(), v.minLength(1)),
  issuer: v.optional(v.string()),
  clientId: v.pipe(v.string(), v.minLength(1)),
  clientSecret: v.optional(v.string(), ''),
  authorizationEndpoint: v.pipe(v.string(), v.url()),
  tokenEndpoint: v.pipe(v.string(), v.url()),
  userinfoEndpoint: v.pipe(v.string(), v.url()),
  scope: v.optional(v.string(), 'openid email profile'),
})

export type OAuthProvider = v.InferOutput<typeof providerSchema>

/** Parses the setting; a broken setting stops start-up with a message naming the problem (never the secret). */
export function parseOAuthProviders(setting: string): OAuthProvider[] {
  if (!setting.trim()) return []
  let raw: unknown
  try {
    raw = JSON.parse(setting)
  } catch {
    throw new Error('OAUTH_PROVIDERS is not valid JSON')
  }
  const result = v.safeParse(v.array(providerSchema), raw)
  if (!result.success) {
    const issue = result.issues[0]
    const where = issue.path?.map((item) => String(item.key)).join('.') ?? ''
    throw new Error(`OAUTH_PROVIDERS: invalid ${where || 'value'}: ${issue.expected ? `expected ${issue.expected}` : issue.message.split(', received')[0]}`)
  }
  const ids = new Set<string>()
  for (const provider of result.output) {
    if (ids.has(provider.id)) throw new Error(`OAUTH_PROVIDERS: duplicate provider id ${provider.id}`)
    ids.add(provider.id)
  }
  return result.output
}
