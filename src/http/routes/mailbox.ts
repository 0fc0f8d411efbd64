import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { findUserById } from '../../account/users.ts'
import { addressOf, claimAddress, releaseAddress } from '../../inbox/mailbox.ts'
import { MAILBOX } from '../openapi-shapes-inbox.ts'
import { notFound } from '../../errors.ts'

const op = operations({ tags: ['mail'], auth: 'session-or-key' })

/**
 * The hosted mailbox: `<handle>@<MAIL_DOMAIN>`, which the user forwards application mail to or
 * gives to employers. GET always answers (`available` false without a mail domain); without the
 * domain, claiming and releasing answer 404 as if absent (a 405 would tell clients the opposite).
 */
export function mailboxRoutes(ctx: AppContext): Route[] {
  const { db, config } = ctx
  const domain = config.mailDomain.toLowerCase()
  const status = op.get('/me/mailbox', 'The caller’s hosted mail address', {
    description: '`{ available, address }`: `available` is false when this deployment has no mail domain (MAIL_DOMAIN); `address` is null until claimed with POST.',
    responses: { 200: { description: '`{ data: { available, address } }`', schema: MAILBOX } },
  }, (_event, { caller }) => ({ data: { available: domain !== '', address: domain ? addressOf(db, caller.userId, domain) : null } }))
  const requireDomain = () => {
    if (!domain) throw notFound('this deployment has no hosted mailbox (MAIL_DOMAIN is not set)')
  }
  return [
    status,
    op.post('/me/mailbox', 'Claim the caller’s hosted mail address', {
      description: `Get-or-create \`<handle>@<mail domain>\`, the handle derived from the account email (a number added when taken). Mail sent or forwarded to it (also to \`<handle>+anything@\`) arrives in the inbox as source \`hosted\`, labelled and linked. 404 when the deployment has no mail domain.`,
      responses: { 200: { description: '`{ data: { available: true, address } }`', schema: MAILBOX }, 404: 'no hosted mailbox on this deployment' },
    }, (_event, { caller }) => {
      requireDomain()
      const user = findUserById(db, caller.userId)!
      return { data: { available: true, address: claimAddress(db, caller.userId, user.email, domain, ctx.now().toISOString()) } }
    }),
    op.delete('/me/mailbox', 'Release the caller’s hosted mail address', {
      description: 'The address stops receiving (the listener refuses it at RCPT) and every `hosted` message is deleted. 404 when the deployment has no mail domain.',
      responses: { 200: { description: '`{ data: { available: true, address: null } }`', schema: MAILBOX }, 404: 'no hosted mailbox on this deployment' },
    }, (_event, { caller }) => {
      requireDomain()
      releaseAddress(db, caller.userId)
      return { data: { available: true, address: null } }
    }),
  ]
}
