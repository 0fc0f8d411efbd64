import type { Label } from '../../../src/inbox/labels.ts'

/** One hand-written mail of the corpus: its label, subject and body with {placeholders}. */
export interface Template {
  label: Label
  subject: string
  body: string
  /** Attach a calendar invitation (.ics). */
  ics?: boolean
  /** A sender unrelated to any application (alerts, friends, shops); no link expected. */
  sender?: string
  senderName?: string
}
