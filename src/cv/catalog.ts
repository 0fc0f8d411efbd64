/**
 * The fixed lists a CV editor offers: the nine templates (two take the owner's photo) and the four
 * fonts. The font files ship with npm packages under open licences (see docs/cv.md).
 */
export const TEMPLATES = [
  { id: 'classic-ats', label: 'Classic ATS', style: 'Single column, serif, plain headings: what applicant tracking systems read best.', photo: false },
  { id: 'centered', label: 'Centered', style: 'Centered name and contact line, ruled section headings.', photo: false },
  { id: 'modern-sans', label: 'Modern sans', style: 'Sans-serif, coloured accent headings, generous spacing.', photo: false },
  { id: 'timeline', label: 'Timeline', style: 'Dates in a left column beside each role, like a timeline.', photo: false },
  { id: 'compact', label: 'Compact', style: 'Tight spacing and a smaller type size to fit more on a page.', photo: false },
  { id: 'mono-tech', label: 'Mono tech', style: 'Monospaced headings and skill tags, for engineering roles.', photo: false },
  { id: 'sidebar', label: 'Sidebar', style: 'Two columns: contact, skills and languages in a shaded sidebar.', photo: false },
  { id: 'portrait', label: 'Portrait', style: 'Sidebar layout with the owner’s photo at its top.', photo: true },
  { id: 'headshot', label: 'Headshot', style: 'Round headshot beside the name in the header.', photo: true },
] as const

export type TemplateId = (typeof TEMPLATES)[number]['id']
export const TEMPLATE_IDS: readonly string[] = TEMPLATES.map((t) => t.id)
export const DEFAULT_TEMPLATE: TemplateId = 'classic-ats'

export const FONTS = [
  { id: 'libertinus-serif', label: 'Libertinus Serif', note: 'Book serif with wide script coverage (SIL OFL).', css: "'Libertinus Serif', Georgia, serif" },
  { id: 'tinos', label: 'Tinos', note: 'Metric-compatible with Times New Roman (Apache 2.0).', css: "Tinos, 'Times New Roman', serif" },
  { id: 'liberation-sans', label: 'Liberation Sans', note: 'Metric-compatible with Arial (SIL OFL).', css: "'Liberation Sans', Arial, sans-serif" },
  { id: 'carlito', label: 'Carlito', note: 'Metric-compatible with Calibri (SIL OFL).', css: 'Carlito, Calibri, sans-serif' },
] as const
