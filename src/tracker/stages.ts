/**
 * The application stage machine. Ten stages: six active ones ranked in the order a hiring process
 * runs, four terminal ones. A stage may also be null (saved or tracked, not on the board).
 *
 * - Manual moves (the job seeker's own) are unrestricted: any stage to any stage, back included.
 * - Automatic moves (mail triage, later the calendar) only go forward by rank, only into an active
 *   stage, and never out of a terminal one: a machine must not undo what the person decided.
 * - Silence: each active stage tolerates some days without employer activity; past them an
 *   application is `silent`. Terminal stages accrue none.
 */
export const ACTIVE_STAGES = ['preparing', 'applied', 'screening', 'responded', 'interview', 'offer'] as const
export const TERMINAL_STAGES = ['accepted', 'rejected', 'withdrawn', 'expired'] as const
export const STAGES = [...ACTIVE_STAGES, ...TERMINAL_STAGES] as const

export type ActiveStage = (typeof ACTIVE_STAGES)[number]
export type Stage = (typeof STAGES)[number]

export const isStage = (value: unknown): value is Stage => typeof value === 'string' && (STAGES as readonly string[]).includes(value)
export const isTerminal = (stage: Stage): boolean => (TERMINAL_STAGES as readonly string[]).includes(stage)

/** Rank of an active stage (preparing 0 … offer 5); undefined for a terminal one. */
export function rankOf(stage: Stage): number | undefined {
  const rank = (ACTIVE_STAGES as readonly string[]).indexOf(stage)
  return rank < 0 ? undefined : rank
}

/** What a classified employer mail says about an application. */
export const SIGNALS = ['acknowledgement', 'screening', 'assessment', 'interview_invitation', 'offer', 'rejection'] as const
export type Signal = (typeof SIGNALS)[number]

/** The stage each signal implies. `rejection` implies `rejected`, which no automatic move may enter. */
export const SIGNAL_STAGE: Record<Signal, Stage> = {
  acknowledgement: 'applied',
  screening: 'screening',
  assessment: 'screening',
  interview_invitation: 'interview',
  offer: 'offer',
  rejection: 'rejected',
}

/**
 * The stage an automatic move from `current` towards `target` ends in, or null when the rule
 * forbids it: out of a terminal stage, into a terminal stage, or not strictly forward.
 */
export function automaticMove(current: Stage | null, target: Stage): Stage | null {
  if (current !== null && isTerminal(current)) return null
  const to = rankOf(target)
  if (to === undefined) return null
  if (current !== null && to <= rankOf(current)!) return null
  return target
}

/** The board's columns: applied gathers applied, screening and responded; closed every terminal stage. */
export const BOARD_GROUPS = {
  preparing: ['preparing'],
  applied: ['applied', 'screening', 'responded'],
  interview: ['interview'],
  offer: ['offer'],
  closed: ['accepted', 'rejected', 'withdrawn', 'expired'],
} as const satisfies Record<string, readonly Stage[]>

/** Days each active stage tolerates without employer activity; an applied row without a stage counts as applied. */
export const SILENCE_DAYS: Record<ActiveStage, number> = { preparing: 21, applied: 21, screening: 18, responded: 15, interview: 12, offer: 5 }

export type SilenceState = 'active' | 'silent' | 'unconfirmed'

/**
 * Days since the last sign of life and the silence state of a board entry. Terminal stages have
 * no silence state. `suggestionPending`: a mail link suggestion waits for the user, so a silence
 * may be the user's to resolve (unconfirmed) rather than the employer's.
 */
export function silenceOf(stage: Stage | null, since: string, now: Date, suggestionPending = false): { days: number; state?: SilenceState } {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 86_400_000))
  const effective = stage ?? 'applied'
  if (isTerminal(effective)) return { days }
  if (days <= SILENCE_DAYS[effective as ActiveStage]) return { days, state: 'active' }
  return { days, state: suggestionPending ? 'unconfirmed' : 'silent' }
}
