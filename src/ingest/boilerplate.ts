/**
 * What a posting says about its employer rather than about the job: skills are read from the
 * posting's own requirements, so two kinds of company text are set aside first. The paragraphs an
 * employer repeats across its postings (an "about us" about a mobile platform on every finance job:
 * `boilerplateOf`), and the sections a posting heads as being about the company or its perks
 * ("About Northwind", "Who we are", "Benefits"), up to the next heading about the job.
 */
const MIN_PARAGRAPH = 40
/** Postings of one employer, and the share of them, a paragraph must repeat in to be boilerplate. */
const MIN_POSTINGS = 3
const MIN_SHARE = 0.5

const normalize = (line: string) => line.toLowerCase().replace(/^[•\s]+/, '').replace(/\s+/g, ' ').trim()

function paragraphsOf(text: string): Set<string> {
  const out = new Set<string>()
  for (const line of text.split('\n')) {
    const p = normalize(line)
    if (p.length >= MIN_PARAGRAPH) out.add(p)
  }
  return out
}

/** Paragraphs that several of an employer's postings share word for word; empty below three postings. */
export function boilerplateOf(texts: readonly string[]): Set<string> {
  const counts = new Map<string, number>()
  for (const text of texts) for (const p of paragraphsOf(text)) counts.set(p, (counts.get(p) ?? 0) + 1)
  const out = new Set<string>()
  const needed = Math.max(MIN_POSTINGS, Math.ceil(texts.length * MIN_SHARE))
  for (const [p, n] of counts) if (n >= needed) out.add(p)
  return out
}

const ABOUT_HEADING = /^(about (us|the company|our company|[\p{Lu}][\p{L}\d&.' -]{0,40})|who we are|our (story|mission|company|culture)|company description|life at [\p{L}\d&.' -]{1,40}|über uns|wer wir sind)\s*:?$/iu
const PERKS_HEADING = /^((our )?(perks|benefits)( and perks| & perks)?|what we offer|why (join us|work (with|at|for) us)|equal (employment )?opportunit\w*|was wir bieten)\s*:?$/iu
const JOB_HEADING =
  /^(about (the|this) (role|job|position|team)|the role|your role|role|the job|job description|responsibilities|what you('ll| will) do|what you bring|what we('re| are) looking for|requirements|qualifications|skills|about you|you have|must have|nice to have|deine aufgaben|dein profil|aufgaben|profil|tasks)\b/iu

/**
 * The text without employer boilerplate: the repeated paragraphs given, and the headed sections
 * about the company or its perks. A perks section runs to the next heading; an "about us" section
 * is its first paragraph and the lines after it that name the company, so the job's own unheaded
 * paragraphs that follow are read.
 */
export function withoutBoilerplate(text: string, boilerplate?: ReadonlySet<string>, companyName?: string): string {
  const kept: string[] = []
  let section: 'job' | 'about' | 'perks' = 'job'
  let aboutLines = 0
  const name = companyName && companyName.length > 2 ? companyName.toLowerCase() : null
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    const heading = trimmed.length <= 60 && !trimmed.startsWith('•') && !/[.!?]$/.test(trimmed)
    if (heading && JOB_HEADING.test(trimmed)) section = 'job'
    else if (heading && PERKS_HEADING.test(trimmed)) section = 'perks'
    else if (heading && ABOUT_HEADING.test(trimmed)) {
      section = 'about'
      aboutLines = 0
    } else if (section === 'about' && aboutLines++ > 0 && !(name && trimmed.toLowerCase().includes(name))) section = 'job'
    if (section !== 'job' || boilerplate?.has(normalize(line))) continue
    kept.push(line)
  }
  return kept.join('\n')
}
