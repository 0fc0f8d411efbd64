import { extractSkills, findSkill } from './skills.ts'
import { foldText } from './fold.ts'

/**
 * Skill names a person types ("Golang", "Node.js") resolved to the canonical slugs of the `skills`
 * facet through the enrichment dictionary, so profiles, match and coverage compare like with like.
 * A name the dictionary does not know keeps a slug of its own, so it still matches itself.
 */
export function skillSlug(name: string): string {
  const known = findSkill(name)
  if (known) return known.slug
  return foldText(name)
    .trim()
    .replace(/[^a-z0-9+#.]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Canonical slugs of the skills a text mentions, as enrichment extracts them from postings. */
export function skillsInText(text: string): string[] {
  return extractSkills(text).map((skill) => skill.slug)
}
