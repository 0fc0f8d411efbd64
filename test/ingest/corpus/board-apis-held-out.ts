/** Written after the rules of issue 41 and never tuned on (see board-apis.ts for the shapes). */
import type { BoardCase } from './board-apis.ts'

export function boardApiHeldOut(): BoardCase[] {
  return []
}
