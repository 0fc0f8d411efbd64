import { createServer, type Server } from 'node:http'
import { createHash } from 'node:crypto'
import { listenLocal } from '../helpers/net.ts'

/**
 * A tiny OpenID Connect provider on 127.0.0.1 for the OAuth tests: `authorize()` plays the user's
 * consent and returns a code; /token checks the PKCE verifier, client and redirect URI; /userinfo
 * answers the identity given to `authorize()`.
 */
export interface FakeIdentity {
  sub: string
  email?: string
  email_verified?: boolean
}

export async function startFakeProvider() {
  const grants = new Map<string, { challenge: string; redirectUri: string; identity: FakeIdentity }>()
  const tokens = new Map<string, FakeIdentity>()
  let counter = 0
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method === 'POST' && req.url === '/token') {
      let raw = ''
      for await (const chunk of req) raw += chunk
      const form = new URLSearchParams(raw)
      const grant = grants.get(form.get('code') ?? '')
      grants.delete(form.get('code') ?? '')
      const verifier = form.get('code_verifier') ?? ''
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri') || form.get('client_id') !== 'openroles-test' || form.get('client_secret') !== 'shh')
        return send(400, { error: 'invalid_grant' })
      const token = `at-${++counter}`
      tokens.set(token, grant.identity)
      return send(200, { access_token: token, token_type: 'Bearer' })
    }
    if (req.method === 'GET' && req.url === '/userinfo') {
      const identity = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      return identity ? send(200, identity) : send(401, { error: 'invalid_token' })
    }
    send(404, { error: 'not found' })
  })
  const local = await listenLocal(server)
  const base = local.url
  return {
    provider: {
      id: 'fake',
      name: 'Fake ID',
      clientId: 'openroles-test',
      clientSecret: 'shh',
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/token`,
      userinfoEndpoint: `${base}/userinfo`,
    },
    /** The user approves at the provider: returns the query the provider would redirect back with. */
    authorize(authorizationUrl: string, identity: FakeIdentity): { code: string; state: string; redirectUri: string } {
      const url = new URL(authorizationUrl)
      if (url.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected')
      const code = `code-${++counter}`
      const redirectUri = url.searchParams.get('redirect_uri')!
      grants.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri, identity })
      return { code, state: url.searchParams.get('state')!, redirectUri }
    },
    close: local.close,
  }
}
