import type { AppContext } from '../context.ts'

/** The mails the account flows send. Codes travel only in the message body, never in logs. */
export function sendVerificationCode(ctx: AppContext, email: string, code: string): void {
  ctx.mailer.send({
    to: email,
    subject: 'Your openroles verification code',
    text: [
      `Your verification code is ${code}.`,
      `Enter it to confirm this email address (or to sign in). It expires in ${ctx.config.codeMinutes} minutes.`,
      'If you did not create an openroles account, ignore this message.',
    ].join('\n\n'),
  })
}

export function sendPasswordResetCode(ctx: AppContext, email: string, code: string): void {
  ctx.mailer.send({
    to: email,
    subject: 'Your openroles password reset code',
    text: [
      `Your password reset code is ${code}.`,
      `It expires in ${ctx.config.codeMinutes} minutes. Resetting signs you out everywhere.`,
      'If you did not ask to reset your password, ignore this message; your password is unchanged.',
    ].join('\n\n'),
  })
}

/** Sent instead of a second account when someone registers an email that already has one. */
export function sendAccountExistsNotice(ctx: AppContext, email: string): void {
  ctx.mailer.send({
    to: email,
    subject: 'You already have an openroles account',
    text: [
      'Someone (probably you) tried to create an openroles account with this email address, which already has one.',
      'Sign in with your password, or use "forgot password" to set a new one. No new account was created.',
      'If this was not you, ignore this message; nothing about your account changed.',
    ].join('\n\n'),
  })
}
