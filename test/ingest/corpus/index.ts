/** The whole labelled corpus: generated board, ATS, internship and forum postings plus the hand-written hard cases. */
import { boardPostings } from './boards.ts'
import { heldOutPostings } from './held-out.ts'
import type { LabelledPosting } from './labelled.ts'
import { trickyPostings } from './tricky.ts'

export function corpus(): LabelledPosting[] {
  return [...boardPostings(300), ...trickyPostings()]
}

/** Postings the rules were not tuned on, scored apart. */
export function heldOut(): LabelledPosting[] {
  return heldOutPostings()
}
