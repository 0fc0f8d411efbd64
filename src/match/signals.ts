import { linesOf } from './requirements.ts'

/**
 * Hidden signals: phrases of a posting that say more than they seem to, with what they usually mean.
 * A fixed list read deterministically; at most five, in the order of the text.
 */
export interface HiddenSignal {
  quote: string
  insight: string
}

const SIGNALS: [RegExp, string][] = [
  [/fast[- ]paced|high[- ]pressure|hit the ground running/i, 'Expect a high pace and little onboarding; ask how they measure a good first month.'],
  [/wear (many|multiple) hats|jack of all trades/i, 'A small team with a broad remit: the role will spread beyond its title.'],
  [/competitive (salary|compensation|pay)/i, 'No figure is given; ask for the range early.'],
  [/rock ?star|ninja|guru|10x/i, 'Hype words often come with long hours; ask about working hours and on-call.'],
  [/on[- ]call|pager/i, 'The role includes on-call duty; ask how often and whether it is paid.'],
  [/unlimited (pto|vacation|holiday)/i, 'Unlimited leave often means less leave taken; ask what people actually take.'],
  [/self[- ]starter|minimal supervision|independently/i, 'Little structure or mentoring; good if you like autonomy.'],
  [/family|like a family/i, 'A “family” culture can blur work and private time; ask about boundaries.'],
  [/travel (up to )?\d+%|frequent travel/i, 'Travel is part of the job; check how much.'],
  [/immediate(ly)? start|asap|urgent/i, 'They need someone quickly: room to negotiate, but little time to ramp up.'],
]

export function hiddenSignals(text: string): HiddenSignal[] {
  const found: HiddenSignal[] = []
  const used = new Set<string>()
  for (const line of linesOf(text)) {
    for (const [pattern, insight] of SIGNALS) {
      if (found.length >= 5) return found
      if (used.has(insight) || !pattern.test(line)) continue
      used.add(insight)
      found.push({ quote: line.slice(0, 200), insight })
    }
  }
  return found
}
