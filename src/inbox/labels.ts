import { SIGNALS } from '../tracker/stages.ts'

/** The closed vocabulary of triage labels: the tracker's six signals and three that move nothing. */
export const LABELS = [...SIGNALS, 'info_request', 'incomplete_application', 'other'] as const
export type Label = (typeof LABELS)[number]
export const isLabel = (value: unknown): value is Label => typeof value === 'string' && (LABELS as readonly string[]).includes(value)

/** Where a message came from. `imap` is our extension; pushed mail is `external`. */
export const SOURCES = ['gmail', 'hosted', 'imap', 'external'] as const
export type MailSource = (typeof SOURCES)[number]

export const LINK_STATES = ['linked', 'suggested', 'unlinked'] as const
export type LinkState = (typeof LINK_STATES)[number]

/** The timeline source of a mail's tracker effects. */
export function eventSourceOf(source: MailSource): 'mail_gmail' | 'mail_hosted' | 'mail_external' {
  return source === 'gmail' ? 'mail_gmail' : source === 'hosted' ? 'mail_hosted' : 'mail_external'
}
