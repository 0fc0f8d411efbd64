import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { notFound, payloadTooLarge, unauthorized, badRequest } from '../../errors.ts'
import { object } from '../openapi-shapes.ts'
import { readBodyText } from '../body-read.ts'
import { answerInteraction, discordEnabled, interactionSignatureValid } from '../../channels/discord.ts'

const op = operations({ tags: ['notifications'], auth: 'public' })

/**
 * The interactions endpoint of the Discord application (set it as "Interactions Endpoint URL" in
 * the developer portal). The body is read raw, because the Ed25519 signature covers its exact bytes;
 * a request whose signature does not verify is refused with 401, as Discord requires.
 */
export function discordInteractionRoutes(ctx: AppContext): Route[] {
  return [
    op.post('/discord/interactions', 'Discord interactions endpoint (the /link slash command)', {
      description: 'Called by Discord, not by clients: verified with the application public key (X-Signature-Ed25519 over X-Signature-Timestamp + body). PING answers PONG; `/link token:<token>` links the invoking Discord user to the account that asked for the token. The answer is a Discord interaction response, not an openroles envelope.',
      responses: {
        200: {
          description: 'a Discord interaction response: `{ type: 1 }` (PONG) or `{ type: 4, data: { content, flags } }`',
          schema: object({ type: { type: 'integer', enum: [1, 4] }, data: object({ content: { type: 'string' }, flags: { type: 'integer' } }) }, ['type']),
        }, 401: 'invalid request signature', 404: 'discord bot is not configured' },
    }, async (event) => {
      if (!discordEnabled(ctx)) throw notFound('discord bot is not configured')
      const raw = await readBodyText(event, ctx.config.bodyTimeoutMs)
      if (Buffer.byteLength(raw) > ctx.config.maxBodyBytes) throw payloadTooLarge('request body too large')
      const signature = event.req.headers.get('x-signature-ed25519') ?? ''
      const timestamp = event.req.headers.get('x-signature-timestamp') ?? ''
      if (!interactionSignatureValid(ctx, signature, timestamp, raw)) throw unauthorized('invalid request signature')
      let interaction: unknown
      try {
        interaction = JSON.parse(raw)
      } catch {
        throw badRequest('body must be JSON')
      }
      if (typeof interaction !== 'object' || interaction === null) throw badRequest('body must be a JSON object')
      return answerInteraction(ctx, interaction as Parameters<typeof answerInteraction>[1])
    }),
  ]
}
