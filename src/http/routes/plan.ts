import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { PLAN, PLAN_HISTORY, USAGE } from '../tracker-shapes.ts'
import { planHistory, usageToday } from '../../plan/ledger.ts'
import { planView } from '../../plan/plan-view.ts'

/** The caller's plan, its allowances today, the ledger history and today's metered usage. */
const ALLOWANCE = '`{ feature, used, limit?, unlimited, enforced, resets_at }`'

const op = operations({ tags: ['plan'], auth: 'session-or-key' })

export function planRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  return [
    op.get('/me/plan', 'The caller’s plan and today’s allowances', {
      description: `\`plan\` is free, pro or ultra (\`pro_until\` / \`pro_source\` for a paid tier). \`allowances\` lists every metered feature (match, tailor, assistant, dictation) as ${ALLOWANCE}; \`limit\` is omitted when unlimited. Days are UTC; \`resets_at\` is the next midnight UTC. \`enforced\` is false unless the deployment's PLAN_ENFORCE names the feature: uses are then counted but never refused, so clients must not block on used >= limit alone. An enforced feature past its limit answers 402 \`{ error, allowance, upgrade_url? }\`.`,
      responses: { 200: { description: '`{ data: { plan, resets_at, pro_until?, pro_source?, allowances: [allowance] } }`', schema: PLAN } },
    }, (_event, { caller }) => ({ data: planView(db, ctx.config, caller.userId, ctx.now()) })),
    op.get('/me/plan/history', 'The caller’s metered uses, newest first (at most 100)', {
      description: 'Rows `{ feature, day, kind: consume | release, label, subtitle?, created_at }`. A use given back because nothing was produced reads "Returned — nothing was produced".',
      responses: { 200: { description: '`{ data: [entry] }`', schema: PLAN_HISTORY } },
    }, (_event, { caller }) => ({ data: planHistory(db, caller.userId) })),
    op.get('/me/usage', 'The caller’s metered requests today', {
      description: '`requests`: metered uses today (UTC); `failed`: those given back because nothing was produced; `tokens`: language-model tokens (0: openroles computes these features itself). `period` is the UTC day, `resets_at` the next midnight UTC.',
      responses: { 200: { description: '`{ data: { requests, failed, tokens, period, resets_at } }`', schema: USAGE } },
    }, (_event, { caller }) => ({ data: usageToday(db, caller.userId, ctx.now()) })),
  ]
}
