import type { DB } from '../db/connection.ts'
import { autoAdvance, ensureApplication } from '../tracker/applications.ts'
import { recordInterview } from '../tracker/interviews.ts'
import type { Invitation } from './calendar.ts'
import { eventSourceOf } from './labels.ts'
import type { EmailRow } from './store.ts'

/**
 * What a linked, labelled message does to the tracker: the employer's reply is recorded on the
 * application's timeline (silence restarts from it) and the stage moves by the forward-only rule;
 * a rejection is recorded and moves nothing. A calendar invitation becomes a suggested interview
 * (a cancellation cancels it). Each effect happens once per message, application and label, so
 * re-linking or re-labelling the same way writes nothing twice.
 */
export function applyTrackerEffects(db: DB, row: EmailRow, now: string, options: { move?: boolean } = {}): void {
  if (row.job_id === null || row.deleted_at !== null) return
  const app = ensureApplication(db, row.user_id, row.job_id, now)
  const source = eventSourceOf(row.source)
  if (row.status_signal !== null && row.status_signal !== 'other') {
    const seen = db
      .prepare("SELECT 1 FROM application_events WHERE application_id = ? AND email_id = ? AND kind = 'employer_reply' AND signal = ?")
      .get(app.id, row.id, row.status_signal)
    if (!seen) autoAdvance(db, { userId: row.user_id, applicationId: app.id, signal: row.status_signal, source, occurredAt: row.received_at, emailId: row.id, move: options.move })
  }
  if (row.invitation !== null) {
    const invitation = JSON.parse(row.invitation) as Invitation
    const existing = db.prepare('SELECT status FROM interviews WHERE user_id = ? AND uid = ?').pluck().get(row.user_id, invitation.uid) as string | undefined
    // A confirmed interview stays confirmed when the same invitation arrives again; a cancellation always lands.
    const status = invitation.cancelled ? 'cancelled' : existing === 'confirmed' ? 'confirmed' : 'suggested'
    recordInterview(db, {
      userId: row.user_id,
      applicationId: app.id,
      uid: invitation.uid,
      startsAt: invitation.startsAt,
      endsAt: invitation.endsAt,
      title: invitation.title,
      joinUrl: invitation.joinUrl,
      status,
      source,
      now,
    })
  }
}
