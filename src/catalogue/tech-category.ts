/**
 * `is_tech`: whether a posting's category is a technical role (`tech`) or not (`non_tech`),
 * derived from `category` alone, so it is unknown (absent) exactly when the category is. The
 * reference service has this facet and its clients send `is_tech=tech` by default.
 *
 * Tech: roles whose daily work is building, running or securing software, data and hardware,
 * including their architects and engineering managers (`management` in this catalogue is the
 * engineering-management family) and the engineering-facing customer roles (solutions
 * engineering, developer relations). Everything else (design, product, project management,
 * technical writing, business and people roles, `other`) is non-tech.
 */
/** The job category vocabulary (the `category` facet). */
export const CATEGORIES = [
  'software_engineering', 'backend', 'frontend', 'fullstack', 'mobile', 'devops', 'sre', 'network_engineering',
  'data_engineering', 'data_science', 'data_analytics', 'ml_ai', 'ai_engineering', 'qa', 'security', 'hardware',
  'embedded', 'blockchain', 'architecture', 'design', 'engineering_design', 'product', 'project_management', 'management',
  'marketing', 'sales', 'support', 'business_analysis', 'solutions_engineering', 'developer_relations',
  'technical_writing', 'recruiting', 'hr', 'finance', 'legal', 'operations', 'customer_success', 'other',
] as const

export const TECH_CATEGORIES: readonly string[] = [
  'software_engineering', 'backend', 'frontend', 'fullstack', 'mobile', 'devops', 'sre', 'network_engineering',
  'data_engineering', 'data_science', 'data_analytics', 'ml_ai', 'ai_engineering', 'qa', 'security', 'hardware',
  'embedded', 'blockchain', 'architecture', 'engineering_design', 'management', 'solutions_engineering',
  'developer_relations',
]

export type TechClass = 'tech' | 'non_tech'
export const TECH_CLASSES: readonly TechClass[] = ['tech', 'non_tech']

export function techClassOf(category: string | null | undefined): TechClass | undefined {
  if (!category) return undefined
  return TECH_CATEGORIES.includes(category) ? 'tech' : 'non_tech'
}

/** The same rule in SQL over the category column `source`, for the search index loader. */
export function techClassSql(source: string): string {
  return `CASE WHEN ${source} IS NULL OR ${source} = '' THEN NULL WHEN ${source} IN (${TECH_CATEGORIES.map((c) => `'${c}'`).join(', ')}) THEN 'tech' ELSE 'non_tech' END`
}
