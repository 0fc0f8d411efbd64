import type { Adapter } from './adapter.ts'
import { greenhouse } from './greenhouse.ts'
import { lever } from './lever.ts'
import { ashby } from './ashby.ts'
import { workable } from './workable.ts'
import { smartrecruiters } from './smartrecruiters.ts'
import { recruitee } from './recruitee.ts'
import { personio } from './personio.ts'
import { careers } from './careers.ts'
import { feed } from './feed.ts'

/** Every board kind, by the name used in `kind:token` and as the postings' `source` value. */
export const adapters: Record<string, Adapter> = Object.fromEntries(
  [greenhouse, lever, ashby, workable, smartrecruiters, recruitee, personio, careers, feed].map((a) => [a.kind, a]),
)
