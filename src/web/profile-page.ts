import { getJson, sendJson } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { actionForm, button, commaList, field, formatBytes, formatDate, panel, signedInPage, statusLine, textInput, uploadWithProgress, yesNo, yesNoValue } from './workspace.ts'
import type { StructuredResume } from '../resume/parse.ts'

/**
 * /profile: the résumé (upload with progress, what the parse found), contacts, the profile
 * (headline, skills, location preferences), screening answers, the photo and the experience bank.
 * The verdict and the ATS report have their own page, /profile/report.
 */
interface Contacts {
  full_name?: string
  email?: string
  phone?: string
  location?: string
  links?: string[]
}
interface ResumeMeta {
  present: boolean
  uploaded_at: string | null
  structured: StructuredResume | null
  parse_status?: string
  parse_detail?: string
  contacts?: Contacts
  max_bytes?: number
}
/** `skills` are slugs (the reference's shape); `skill_details` keeps each name and level. Older servers sent objects in `skills`. */
type SkillEntry = string | { name?: string; slug?: string; level?: string | null }
type Profile = Record<string, unknown> & {
  headline?: string | null
  skills?: SkillEntry[]
  skill_details?: SkillEntry[]
  years_experience?: number | null
  desired_roles?: string[]
  work_modes?: string[]
  location_preferences?: { work_modes?: string[]; remote?: { regions?: string[]; countries?: string[] }; base?: { country?: string | null; city?: string | null } | null; relocation?: { open?: boolean; regions?: string[]; countries?: string[]; cities?: string[] } } | null
}
interface Screening {
  authorized_countries: string[]
  visa_sponsorship_needed: boolean | null
  desired_salary_amount: number | null
  desired_salary_currency: string | null
  desired_salary_period: string | null
  notice_period_days: number | null
  willing_to_relocate: boolean | null
  age_18_or_older: boolean | null
}
interface Atom {
  id: string
  claim: string
  provenance: string
}
interface Employment {
  id: string
  kind: 'job' | 'project'
  company?: string
  name?: string
  role?: string
  start?: string
  end?: string
  current?: boolean
  atoms: Atom[]
}

const RESUME_TYPES = /\.(pdf|docx)$/i
const WORK_MODES = ['remote', 'hybrid', 'onsite'] as const
// The fields PUT /me/profile does not take back: the server derives them.
const DERIVED = ['derived_location', 'cv', 'created_at', 'updated_at']

const skillName = (skill: SkillEntry): string => (typeof skill === 'string' ? skill : (skill.name ?? skill.slug ?? ''))

export function renderProfilePage(page: HTMLElement): void {
  signedInPage(page, 'Profile and résumé', 'to upload your résumé and keep your profile.', async () => {
    const sections = h('div', { class: 'workspace' })
    replaceChildren(
      page,
      h('h1', {}, 'Profile and résumé'),
      h('p', { class: 'hint' }, 'What you keep here feeds your CVs, the fit analysis and application forms. ', h('a', { href: '/profile/report' }, 'How your résumé reads for your role →')),
      sections,
    )
    const reload = async () => {
      const [resume, profile, screening, autofill, experience, photo] = await Promise.all([
        getJson<ResumeMeta>('/me/resume'),
        getJson<Profile | null>('/me/profile'),
        getJson<Screening>('/me/screening-answers'),
        getJson<Record<string, string>>('/me/autofill-profile'),
        getJson<{ employments: Employment[]; unplaced: Atom[] }>('/me/experience'),
        photoState(),
      ])
      replaceChildren(
        sections,
        resumePanel(resume.data, reload),
        contactsPanel(resume.data.contacts ?? {}, resume.data.present, reload),
        profilePanel(profile.data ?? {}),
        screeningPanel(screening.data, autofill.data),
        photoPanel(photo, reload),
        experiencePanel(experience.data, reload),
      )
    }
    await reload()
  })
}

function resumePanel(meta: ResumeMeta, reload: () => Promise<void>): HTMLElement {
  const file = h('input', { type: 'file', id: 'resume-file', name: 'file', accept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document' }) as HTMLInputElement
  const progress = h('progress', { id: 'resume-progress', max: '1', value: '0', hidden: true }) as HTMLProgressElement
  const status = statusLine()
  const limit = meta.max_bytes ?? 8 * 1048576
  const upload = h('form', { class: 'write-form upload', id: 'resume-upload' }, field('A PDF or Word (DOCX) résumé', file, `At most ${formatBytes(limit)}.`), h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, meta.present ? 'Replace résumé' : 'Upload résumé'), progress, status.element))
  upload.addEventListener('submit', (event) => {
    event.preventDefault()
    const chosen = file.files?.[0]
    if (!chosen) return status.say('Choose a file first.', true)
    if (!RESUME_TYPES.test(chosen.name)) return status.say(`${chosen.name} is not a PDF or a DOCX file.`, true)
    if (chosen.size > limit) return status.say(`${chosen.name} is ${formatBytes(chosen.size)}: the limit is ${formatBytes(limit)}.`, true)
    const form = new FormData()
    form.append('file', chosen)
    progress.hidden = false
    progress.value = 0
    status.say('Uploading…')
    uploadWithProgress<ResumeMeta>('PUT', '/me/resume', form, (fraction) => (progress.value = fraction)).then(
      () => reload(),
      (error: Error) => {
        progress.hidden = true
        status.say(error.message, true)
      },
    )
  })
  const remove = meta.present
    ? button('Delete résumé', () => void status.run(() => sendJson('DELETE', '/me/resume').then(reload), 'Deleted.'), { class: 'link-button danger' })
    : null
  return panel(
    'resume',
    'Résumé',
    meta.present
      ? h('p', {}, `Uploaded ${formatDate(meta.uploaded_at)}. `, meta.parse_status === 'failed' ? h('span', { class: 'form-error' }, `It could not be read into sections${meta.parse_detail ? `: ${meta.parse_detail}` : ''}. The text is kept; correct your details below.`) : null)
      : h('p', { class: 'hint' }, 'No résumé yet. Upload one and its details fill in below.'),
    upload,
    meta.structured ? extracted(meta.structured) : null,
    remove,
  )
}

function extracted(structured: StructuredResume): HTMLElement {
  const facts: [string, string | undefined][] = [
    ['Name', structured.full_name],
    ['Headline', structured.headline],
    ['Location', structured.location],
    ['Email', structured.email],
    ['Phone', structured.phone],
  ]
  return h(
    'div',
    { class: 'extracted', id: 'resume-extracted' },
    h('h3', {}, 'What we read'),
    h('dl', { class: 'facts' }, facts.filter(([, value]) => value).map(([label, value]) => [h('dt', {}, label), h('dd', {}, value!)])),
    structured.summary ? h('p', {}, structured.summary) : null,
    structured.experience?.length
      ? [h('h4', {}, 'Experience'), h('ul', { class: 'roles' }, structured.experience.map((role) => h('li', {}, h('strong', {}, role.title ?? 'Role'), role.company ? ` · ${role.company}` : '', h('span', { class: 'hint' }, ` ${[role.start, role.end].filter(Boolean).join(' – ')}`))))]
      : null,
    structured.education?.length ? [h('h4', {}, 'Education'), h('ul', {}, structured.education.map((entry) => h('li', {}, [entry.degree, entry.institution, entry.year].filter(Boolean).join(', '))))] : null,
    structured.skills?.length ? [h('h4', {}, 'Skills'), h('p', { class: 'chips' }, structured.skills.map((skill) => h('span', { class: 'chip' }, skill)))] : null,
    h('p', { class: 'hint' }, 'Something wrong? Correct your contacts below; roles are in the experience bank at the bottom of the page.'),
  )
}

function contactsPanel(contacts: Contacts, hasResume: boolean, reload: () => Promise<void>): HTMLElement {
  const name = textInput('full_name', contacts.full_name, { autocomplete: 'name' })
  const email = textInput('email', contacts.email, { type: 'email', autocomplete: 'email' })
  const phone = textInput('phone', contacts.phone, { type: 'tel', autocomplete: 'tel' })
  const location = textInput('location', contacts.location)
  const links = h('textarea', { name: 'links', rows: '3' }) as HTMLTextAreaElement
  links.value = (contacts.links ?? []).join('\n')
  const empty = (input: HTMLInputElement) => input.value.trim() || null
  const form = actionForm('contacts-form', [field('Full name', name), field('Email', email), field('Phone', phone), field('Location', location), field('Links (one a line)', links)], 'Save contacts', () =>
    sendJson('PUT', '/me/resume/contacts', { full_name: empty(name), email: empty(email), phone: empty(phone), location: empty(location), links: commaList(links.value.replace(/,/g, '\n')) }),
  )
  const status = statusLine()
  const reset = hasResume ? button('Take them from the résumé again', () => void status.run(() => sendJson('POST', '/me/resume/contacts/replace-from-cv').then(reload), 'Reset.'), { class: 'link-button' }) : null
  return panel('contacts', 'Contacts', h('p', { class: 'hint' }, 'What you set here wins over what the résumé says, on every CV and application form.'), form, reset, status.element)
}

function profilePanel(profile: Profile): HTMLElement {
  const headline = textInput('headline', profile.headline as string | null)
  const skills = h('textarea', { name: 'skills', rows: '2' }) as HTMLTextAreaElement
  const detailed = profile.skill_details ?? profile.skills ?? []
  skills.value = detailed.map(skillName).join(', ')
  const years = textInput('years_experience', profile.years_experience as number | null, { type: 'number', min: '0', max: '70', inputmode: 'numeric' })
  const roles = textInput('desired_roles', (profile.desired_roles ?? []).join(', '))
  const prefs = profile.location_preferences ?? {}
  const modes = new Set(prefs.work_modes ?? profile.work_modes ?? [])
  const modeBoxes = WORK_MODES.map((mode) => h('input', { type: 'checkbox', name: 'work_mode', value: mode, checked: modes.has(mode) }) as HTMLInputElement)
  const remoteCountries = textInput('remote_countries', (prefs.remote?.countries ?? []).join(', '), { placeholder: 'e.g. DE, NL' })
  const baseCountry = textInput('base_country', prefs.base?.country ?? '', { maxlength: '2', placeholder: 'e.g. DE' })
  const baseCity = textInput('base_city', prefs.base?.city ?? '')
  const relocate = h('input', { type: 'checkbox', name: 'relocation_open', checked: prefs.relocation?.open === true }) as HTMLInputElement
  const relocationCities = textInput('relocation_cities', (prefs.relocation?.cities ?? []).join(', '))
  const save = () => {
    // PUT replaces the whole profile: start from what was read, so fields this form does not show survive.
    const body: Record<string, unknown> = Object.fromEntries(Object.entries(profile).filter(([key, value]) => !DERIVED.includes(key) && value !== null))
    const levels = new Map(detailed.filter((s): s is Exclude<SkillEntry, string> => typeof s !== 'string').map((s) => [skillName(s).toLowerCase(), s.level]))
    body.headline = headline.value.trim() || null
    body.skills = commaList(skills.value).map((name) => (levels.get(name.toLowerCase()) ? { name, level: levels.get(name.toLowerCase()) } : name))
    body.years_experience = years.value === '' ? null : Number(years.value)
    body.desired_roles = commaList(roles.value)
    const chosen = modeBoxes.filter((box) => box.checked).map((box) => box.value)
    body.work_modes = chosen
    body.location_preferences = {
      work_modes: chosen,
      remote: { regions: prefs.remote?.regions ?? [], countries: commaList(remoteCountries.value) },
      base: baseCountry.value.trim() || baseCity.value.trim() ? { country: baseCountry.value.trim() || null, city: baseCity.value.trim() || null } : null,
      relocation: { open: relocate.checked, regions: prefs.relocation?.regions ?? [], countries: prefs.relocation?.countries ?? [], cities: commaList(relocationCities.value) },
    }
    return sendJson('PUT', '/me/profile', body)
  }
  return panel(
    'profile',
    'Profile',
    actionForm(
      'profile-form',
      [
        field('Headline', headline, 'One line: what you do.'),
        field('Skills', skills, 'Separated by commas, e.g. Rust, PostgreSQL, Kubernetes.'),
        field('Years of experience', years),
        field('Roles you are looking for', roles, 'Separated by commas.'),
        h('fieldset', { class: 'choices' }, h('legend', {}, 'Work modes'), modeBoxes.map((box) => h('label', {}, box, ` ${box.value === 'onsite' ? 'On-site' : box.value[0].toUpperCase() + box.value.slice(1)}`))),
        field('Remote from countries', remoteCountries, 'Two-letter codes, separated by commas.'),
        h('div', { class: 'field-row' }, field('Home country', baseCountry), field('Home city', baseCity)),
        h('label', { class: 'check' }, relocate, ' Open to relocating'),
        field('Cities you would move to', relocationCities),
      ],
      'Save profile',
      save,
    ),
  )
}

function screeningPanel(answers: Screening, autofill: Record<string, string>): HTMLElement {
  const countries = textInput('authorized_countries', answers.authorized_countries.join(', '), { placeholder: 'e.g. DE, FR' })
  const visa = yesNo('visa_sponsorship_needed', answers.visa_sponsorship_needed)
  const amount = textInput('desired_salary_amount', answers.desired_salary_amount, { type: 'number', min: '1', inputmode: 'numeric' })
  const currency = textInput('desired_salary_currency', answers.desired_salary_currency, { maxlength: '3', placeholder: 'EUR' })
  const period = h('select', { name: 'desired_salary_period' }, ['', 'hour', 'day', 'week', 'month', 'year'].map((value) => h('option', { value }, value ? `per ${value}` : '—'))) as HTMLSelectElement
  period.value = answers.desired_salary_period ?? ''
  const notice = textInput('notice_period_days', answers.notice_period_days, { type: 'number', min: '0', inputmode: 'numeric' })
  const relocate = yesNo('willing_to_relocate', answers.willing_to_relocate)
  const adult = yesNo('age_18_or_older', answers.age_18_or_older)
  const number = (input: HTMLInputElement) => (input.value === '' ? null : Number(input.value))
  return panel(
    'screening',
    'Screening answers',
    h('p', { class: 'hint' }, 'The questions application forms keep asking; autofill answers them from here.'),
    actionForm(
      'screening-form',
      [
        field('Countries you may work in without a visa', countries, 'Two-letter codes, separated by commas.'),
        field('Need visa sponsorship?', visa),
        h('div', { class: 'field-row' }, field('Desired salary', amount), field('Currency', currency), field('Period', period)),
        field('Notice period (days)', notice),
        field('Willing to relocate?', relocate),
        field('18 or older?', adult),
      ],
      'Save answers',
      () =>
        sendJson('PUT', '/me/screening-answers', {
          authorized_countries: commaList(countries.value).map((code) => code.toUpperCase()),
          visa_sponsorship_needed: yesNoValue(visa),
          desired_salary_amount: number(amount),
          desired_salary_currency: currency.value.trim().toUpperCase() || null,
          desired_salary_period: period.value || null,
          notice_period_days: number(notice),
          willing_to_relocate: yesNoValue(relocate),
          age_18_or_older: yesNoValue(adult),
        }),
    ),
    h(
      'details',
      { id: 'autofill' },
      h('summary', {}, 'What autofill fills in on application forms'),
      h('dl', { class: 'facts' }, Object.entries(autofill).filter(([, value]) => value).map(([key, value]) => [h('dt', {}, key.replace(/_/g, ' ')), h('dd', {}, value)])),
    ),
  )
}

interface PhotoState {
  present: boolean
  src?: string
}

/**
 * GET /me/photo answers `{ enabled, present }` with the bytes at /me/photo/image on newer servers,
 * and the bytes themselves (404 without a photo) on older ones: both are read.
 */
async function photoState(): Promise<PhotoState> {
  const answer = await fetch('/api/v1/me/photo', { credentials: 'same-origin' })
  if (!answer.ok) return { present: false }
  if ((answer.headers.get('content-type') ?? '').includes('json')) {
    const meta = (await answer.json()).data as { present?: boolean; uploaded_at?: string }
    return meta.present ? { present: true, src: `/api/v1/me/photo/image?v=${encodeURIComponent(meta.uploaded_at ?? '')}` } : { present: false }
  }
  // The page's policy allows images from this origin only (no blob: URLs): the image asks for the bytes again.
  return { present: true, src: `/api/v1/me/photo?v=${encodeURIComponent(answer.headers.get('x-photo-updated-at') ?? '')}` }
}

function photoPanel(photo: PhotoState, reload: () => Promise<void>): HTMLElement {
  const file = h('input', { type: 'file', id: 'photo-file', name: 'file', accept: 'image/jpeg,image/png,image/webp' }) as HTMLInputElement
  const progress = h('progress', { max: '1', value: '0', hidden: true }) as HTMLProgressElement
  const status = statusLine()
  const form = h('form', { class: 'write-form upload', id: 'photo-upload' }, field('A JPEG, PNG or WebP image', file), h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, photo.present ? 'Replace photo' : 'Upload photo'), progress, status.element))
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const chosen = file.files?.[0]
    if (!chosen) return status.say('Choose an image first.', true)
    const body = new FormData()
    body.append('file', chosen)
    progress.hidden = false
    uploadWithProgress('PUT', '/me/photo', body, (fraction) => (progress.value = fraction)).then(reload, (error: Error) => {
      progress.hidden = true
      status.say(error.message, true)
    })
  })
  return panel(
    'photo',
    'Photo',
    h('p', { class: 'hint' }, 'Printed by the Portrait and Headshot CV templates; others show no photo. Its metadata (location, time) is removed.'),
    photo.present && photo.src ? h('img', { class: 'photo', src: photo.src, alt: 'Your photo', width: '96', height: '96' }) : null,
    form,
    photo.present ? button('Delete photo', () => void status.run(() => sendJson('DELETE', '/me/photo').then(reload), 'Deleted.'), { class: 'link-button danger' }) : null,
  )
}

function experiencePanel(bank: { employments: Employment[]; unplaced: Atom[] }, reload: () => Promise<void>): HTMLElement {
  const status = statusLine()
  const atomItem = (atom: Atom) =>
    h('li', { class: 'atom' }, atom.claim, h('span', { class: 'hint' }, ` (${atom.provenance.replace('_', ' ')}) `), button('Remove', () => void status.run(() => sendJson('DELETE', `/me/experience/atoms/${atom.id}`).then(reload), 'Removed.'), { class: 'link-button', 'aria-label': `Remove “${atom.claim.slice(0, 40)}”` }))
  const employment = (entry: Employment) => {
    const role = textInput('role', entry.role)
    const company = textInput('company', entry.kind === 'project' ? entry.name : entry.company)
    const start = textInput('start', entry.start, { placeholder: 'YYYY-MM' })
    const end = textInput('end', entry.end, { placeholder: 'YYYY-MM or empty' })
    const claim = textInput('claim', '', { placeholder: 'An achievement, with a number if you have one' })
    const edit = actionForm(`employment-${entry.id}`, [h('div', { class: 'field-row' }, field('Role', role), field(entry.kind === 'project' ? 'Project' : 'Company', company)), h('div', { class: 'field-row' }, field('From', start), field('To', end))], 'Save', () =>
      sendJson('PUT', `/me/experience/employments/${entry.id}`, { kind: entry.kind, role: role.value.trim(), [entry.kind === 'project' ? 'name' : 'company']: company.value.trim(), start: start.value.trim(), end: end.value.trim(), current: end.value.trim() === '' }).then(reload),
    )
    const addAtom = actionForm(`atom-${entry.id}`, [field('Add an achievement', claim)], 'Add', () => sendJson('POST', '/me/experience/atoms', { claim: claim.value.trim(), employment_id: entry.id }).then(reload), 'Added.')
    return h(
      'li',
      { class: 'employment' },
      h('details', {}, h('summary', {}, h('strong', {}, entry.role ?? 'Role'), ` · ${(entry.kind === 'project' ? entry.name : entry.company) ?? ''} `, h('span', { class: 'hint' }, [entry.start, entry.end ?? (entry.current ? 'now' : '')].filter(Boolean).join(' – '))), edit, button('Delete this role and its achievements', () => void status.run(() => sendJson('DELETE', `/me/experience/employments/${entry.id}`).then(reload), 'Deleted.'), { class: 'link-button danger' })),
      h('ul', { class: 'atoms' }, entry.atoms.map(atomItem)),
      addAtom,
    )
  }
  const role = textInput('role', '')
  const company = textInput('company', '')
  const start = textInput('start', '', { placeholder: 'YYYY-MM' })
  const end = textInput('end', '', { placeholder: 'YYYY-MM or empty' })
  const add = actionForm('employment-add', [h('div', { class: 'field-row' }, field('Role', role), field('Company', company)), h('div', { class: 'field-row' }, field('From', start), field('To', end))], 'Add role', () =>
    sendJson('POST', '/me/experience/employments', { kind: 'job', role: role.value.trim(), company: company.value.trim(), start: start.value.trim() || undefined, end: end.value.trim() || undefined, current: end.value.trim() === '' }).then(reload),
    'Added.',
  )
  return panel(
    'experience',
    'Experience bank',
    h('p', { class: 'hint' }, 'Your roles and what you achieved in each: CVs and tailoring draw from here. A résumé upload adds its roles.'),
    bank.employments.length ? h('ul', { class: 'employments' }, bank.employments.map(employment)) : h('p', { class: 'hint' }, 'No roles yet.'),
    bank.unplaced.length ? [h('h3', {}, 'Not under a role'), h('ul', { class: 'atoms' }, bank.unplaced.map(atomItem))] : null,
    h('details', {}, h('summary', {}, 'Add a role'), add),
    status.element,
  )
}
