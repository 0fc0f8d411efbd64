import { getJson, sendJson, whoAmI } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { navigate } from './router.ts'
import { actionForm, button, field, formatDate, panel, signedInPage, signInPrompt, statusLine, textInput } from './workspace.ts'

/**
 * /cvs lists your base CV and the CVs tailored to jobs; /cvs/<id> edits one: its sections, the
 * template (with the PDF as a live preview), the PDF download, tracer links and their clicks, and
 * the revisions with undo. The job page's "Tailor a CV" button makes a tailored copy (tailorButton).
 */
interface CvMeta {
  id: string
  title: string
  template_id: string
  updated_at: string
  job_slug?: string
  job_title?: string
  job_company?: string
}
interface Role {
  role?: string
  company?: string
  location?: string
  start?: string
  end?: string
  current?: boolean
  summary?: string
  bullets?: string[]
  stack?: string[]
}
interface School {
  institution?: string
  degree?: string
  field?: string
  start?: string
  end?: string
}
interface CvDocument {
  header?: { full_name?: string; email?: string; phone?: string; location?: string; links?: string[] }
  summary?: string
  experience?: Role[]
  education?: School[]
  languages?: { name?: string; level?: string }[]
  skills?: { group?: string; items?: string[] }[]
  [section: string]: unknown
}
interface CvRecord extends CvMeta {
  document: CvDocument
  tracer_links_enabled: boolean
}
interface Template {
  id: string
  label: string
  style: string
  photo: boolean
}
interface Revision {
  id: string
  actor: string
  origin: string
  title: string
  note?: string
  paths: string[]
  reverted: boolean
  undoable: boolean
  created_at: string
}
interface TracerLink {
  source_path: string
  destination_url: string
  traced_url: string
  clicks: number
  bot_clicks: number
  distinct_visitors?: number
  last_click_at?: string
}

const pdfPath = (id: string) => `/api/v1/me/cvs/${encodeURIComponent(id)}/pdf`

export function renderCvListPage(page: HTMLElement): void {
  signedInPage(page, 'Your CVs', 'to make CVs from your profile and tailor them to jobs.', async () => {
    const list = await getJson<CvMeta[]>('/me/cvs')
    const base = (list.meta as { base?: CvMeta | null } | undefined)?.base ?? null
    const status = statusLine()
    const create = button('Create my CV from my profile', () => void status.run(async () => {
      const made = await sendJson<CvMeta>('POST', '/me/cvs', { seed: true, title: 'My CV' })
      if (made) navigate(`/cvs/${made.id}`)
    }, 'Created.'), { id: 'create-cv' })
    replaceChildren(
      page,
      h('h1', {}, 'Your CVs'),
      panel(
        'base-cv',
        'Your CV',
        base
          ? h('p', {}, h('a', { href: `/cvs/${base.id}`, class: 'cv-link' }, base.title), h('span', { class: 'hint' }, ` · ${base.template_id} · edited ${formatDate(base.updated_at)} · `), h('a', { href: pdfPath(base.id), download: `${base.title}.pdf` }, 'PDF'))
          : [h('p', { class: 'hint' }, 'Start from what your profile, résumé and experience bank say; then edit it and pick a template.'), create],
        status.element,
      ),
      panel(
        'tailored-cvs',
        'Tailored to a job',
        list.data.length
          ? h('ul', { class: 'cv-list' }, list.data.map((cv) => h('li', {}, h('a', { href: `/cvs/${cv.id}`, class: 'cv-link' }, cv.title), h('span', { class: 'hint' }, ` · for ${cv.job_title ?? cv.job_slug ?? 'a job'}${cv.job_company ? ` at ${cv.job_company}` : ''} · edited ${formatDate(cv.updated_at)}`))))
          : h('p', { class: 'hint' }, 'None yet. Open a job and choose “Tailor a CV to this job”.'),
      ),
    )
  })
}

export function renderCvPage(page: HTMLElement, id: string): void {
  signedInPage(page, 'CV', 'to edit your CVs.', async () => {
    const [record, templates, tailored] = await Promise.all([getJson<CvRecord>(`/me/cvs/${encodeURIComponent(id)}`), getJson<Template[]>('/cv-templates'), getJson<CvMeta[]>('/me/cvs')])
    // The record does not name its job; the list of tailored CVs does.
    const cv = { ...tailored.data.find((entry) => entry.id === record.data.id), ...record.data }
    document.title = `${cv.title} · openroles`
    const preview = h('iframe', { class: 'cv-preview', id: 'cv-preview', title: 'PDF preview', src: `${pdfPath(cv.id)}#view=FitH` }) as HTMLIFrameElement
    const refreshPreview = () => (preview.src = `${pdfPath(cv.id)}?at=${Date.now()}#view=FitH`)
    const revisions = h('div', { id: 'revisions' })
    const reloadRevisions = () => revisionsList(cv.id, revisions, () => renderCvPage(page, id))
    const afterSave = () => {
      refreshPreview()
      return reloadRevisions()
    }
    const tracer = h('div', { id: 'tracer' })
    replaceChildren(
      page,
      h('a', { class: 'back-link', href: '/cvs' }, '← Your CVs'),
      h('h1', { id: 'cv-title' }, cv.title),
      cv.job_slug ? h('p', {}, 'Tailored for ', h('a', { href: `/jobs/${encodeURIComponent(cv.job_slug)}` }, cv.job_title ?? cv.job_slug), cv.job_company ? ` at ${cv.job_company}` : '') : null,
      h(
        'div',
        { class: 'cv-layout' },
        h('div', { class: 'cv-editor' }, templatePanel(cv, templates.data, afterSave), editorPanel(cv, afterSave)),
        h(
          'div',
          { class: 'cv-side' },
          panel('cv-pdf', 'Preview', h('p', {}, h('a', { href: pdfPath(cv.id), download: `${cv.title.replace(/[^\w.-]+/g, '-') || 'cv'}.pdf`, id: 'cv-download' }, 'Download the PDF'), ' · ', h('a', { href: pdfPath(cv.id), target: '_blank', rel: 'noopener' }, 'Open in a new tab')), preview),
          panel('cv-revisions', 'Revisions', h('p', { class: 'hint' }, 'Every change is kept; undo one and later changes stay.'), revisions),
          panel('cv-tracer', 'Tracer links', h('p', { class: 'hint' }, 'When on, the links in your PDF go through this server first, so you see when someone opens them.'), tracer),
          cv.job_slug ? tailorPanel(cv.id) : null,
        ),
      ),
    )
    await Promise.all([reloadRevisions(), tracerLinks(cv, tracer)])
  })
}

function templatePanel(cv: CvRecord, templates: Template[], saved: () => Promise<void>): HTMLElement {
  const status = statusLine()
  const choices = templates.map((template) => {
    const radio = h('input', { type: 'radio', name: 'template', value: template.id, checked: template.id === cv.template_id }) as HTMLInputElement
    radio.addEventListener('change', () => {
      void status.run(async () => {
        await sendJson('PUT', `/me/cvs/${cv.id}/template`, { template_id: template.id })
        cv.template_id = template.id
        await saved()
      }, `Template: ${template.label}.`)
    })
    return h('label', { class: 'template-choice' }, radio, h('span', {}, h('strong', {}, template.label), template.photo ? ' (with your photo)' : '', h('span', { class: 'hint' }, ` ${template.style}`)))
  })
  return panel('cv-template', 'Template', h('fieldset', { class: 'templates' }, h('legend', { class: 'sr-only' }, 'Template'), choices), status.element)
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean)
const textArea = (name: string, value: string, rows = 3) => {
  const area = h('textarea', { name, rows: String(rows) }) as HTMLTextAreaElement
  area.value = value
  return area
}

function editorPanel(cv: CvRecord, saved: () => Promise<void>): HTMLElement {
  const doc = cv.document
  const header = doc.header ?? {}
  const title = textInput('title', cv.title)
  const name = textInput('full_name', header.full_name)
  const email = textInput('email', header.email, { type: 'email' })
  const phone = textInput('phone', header.phone)
  const location = textInput('location', header.location)
  const links = textArea('links', (header.links ?? []).join('\n'), 2)
  const summary = textArea('summary', doc.summary ?? '', 4)
  const roles = h('div', { class: 'cv-roles' })
  const roleEditors: (() => Role)[] = []
  const addRole = (role: Role) => {
    const fields = {
      role: textInput('role', role.role),
      company: textInput('company', role.company),
      start: textInput('start', role.start, { placeholder: 'YYYY-MM' }),
      end: textInput('end', role.end, { placeholder: 'YYYY-MM or empty' }),
      bullets: textArea('bullets', (role.bullets ?? []).join('\n'), 4),
    }
    const box = h('fieldset', { class: 'cv-role' }, h('legend', {}, role.role || 'New role'), h('div', { class: 'field-row' }, field('Role', fields.role), field('Company', fields.company)), h('div', { class: 'field-row' }, field('From', fields.start), field('To', fields.end)), field('Achievements (one a line)', fields.bullets))
    const read = (): Role => ({ ...role, role: fields.role.value.trim(), company: fields.company.value.trim(), start: fields.start.value.trim(), end: fields.end.value.trim(), current: fields.end.value.trim() === '', bullets: lines(fields.bullets.value) })
    const index = roleEditors.push(read) - 1
    box.append(button('Remove this role', () => {
      roleEditors[index] = () => ({})
      box.remove()
    }, { class: 'link-button danger' }))
    roles.append(box)
  }
  for (const role of doc.experience ?? []) addRole(role)
  const schools = h('div', { class: 'cv-roles' })
  const schoolEditors: (() => School)[] = []
  const addSchool = (school: School) => {
    const fields = {
      institution: textInput('institution', school.institution),
      degree: textInput('degree', school.degree),
      field: textInput('field', school.field),
      start: textInput('start', school.start),
      end: textInput('end', school.end),
    }
    const box = h('fieldset', { class: 'cv-role' }, h('legend', {}, school.institution || 'New school'), h('div', { class: 'field-row' }, field('School', fields.institution), field('Degree', fields.degree), field('Subject', fields.field)), h('div', { class: 'field-row' }, field('From', fields.start), field('To', fields.end)))
    const index = schoolEditors.push(() => ({ ...school, institution: fields.institution.value.trim(), degree: fields.degree.value.trim(), field: fields.field.value.trim(), start: fields.start.value.trim(), end: fields.end.value.trim() })) - 1
    box.append(button('Remove', () => {
      schoolEditors[index] = () => ({})
      box.remove()
    }, { class: 'link-button danger' }))
    schools.append(box)
  }
  for (const school of doc.education ?? []) addSchool(school)
  const languages = textArea('languages', (doc.languages ?? []).map((language) => [language.name, language.level].filter(Boolean).join(' — ')).join('\n'), 2)
  const skills = textArea('skills', (doc.skills ?? []).map((group) => `${group.group ? `${group.group}: ` : ''}${(group.items ?? []).join(', ')}`).join('\n'), 3)
  const save = () => {
    const experience = roleEditors.map((read) => read()).filter((role) => role.role || role.company)
    const next: CvDocument = {
      ...doc,
      header: { ...header, full_name: name.value.trim(), email: email.value.trim(), phone: phone.value.trim(), location: location.value.trim(), links: lines(links.value) },
      summary: summary.value.trim(),
      experience,
      education: schoolEditors.map((read) => read()).filter((school) => school.institution || school.degree),
      languages: lines(languages.value).map((line) => {
        const [name, level] = line.split(/\s+[—–-]\s+|:\s*/)
        return { name: name!.trim(), ...(level?.trim() && { level: level.trim() }) }
      }),
      skills: lines(skills.value).map((line) => {
        const [group, items] = line.includes(':') ? [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1)] : ['', line]
        return { ...(group && { group }), items: items.split(',').map((item) => item.trim()).filter(Boolean) }
      }),
    }
    return sendJson('PUT', `/me/cvs/${cv.id}`, { title: title.value.trim() || 'Untitled CV', template_id: cv.template_id, document: next }).then(() => {
      const heading = document.getElementById('cv-title')
      if (heading) heading.textContent = title.value.trim() || 'Untitled CV'
      return saved()
    })
  }
  return panel(
    'cv-edit',
    'Contents',
    actionForm(
      'cv-form',
      [
        field('Title (for you; not printed)', title),
        h('fieldset', {}, h('legend', {}, 'Header'), field('Name', name), h('div', { class: 'field-row' }, field('Email', email), field('Phone', phone)), field('Location', location), field('Links (one a line)', links)),
        field('Summary', summary),
        h('h3', {}, 'Experience'),
        roles,
        button('Add a role', () => addRole({}), { class: 'link-button' }),
        field('Skills (one group a line: “Group: a, b, c”)', skills),
        h('h3', {}, 'Education'),
        schools,
        button('Add a school', () => addSchool({}), { class: 'link-button' }),
        field('Languages (one a line: “German — C1”)', languages),
      ],
      'Save CV',
      save,
    ),
  )
}

async function revisionsList(id: string, slot: HTMLElement, reopen: () => void): Promise<void> {
  const { data } = await getJson<Revision[]>(`/me/cvs/${id}/revisions`)
  const status = statusLine()
  replaceChildren(
    slot,
    data.length
      ? h(
          'ol',
          { class: 'revisions' },
          data.slice(0, 30).map((revision) =>
            h(
              'li',
              { class: revision.reverted ? 'reverted' : '' },
              h('span', {}, `${revision.title}`),
              h('span', { class: 'hint' }, ` · ${revision.actor}, ${formatDate(revision.created_at)}${revision.paths.length ? ` · ${revision.paths.slice(0, 4).join(', ')}${revision.paths.length > 4 ? '…' : ''}` : ''}${revision.reverted ? ' · undone' : ''} `),
              revision.undoable ? button('Undo', () => void status.run(() => sendJson('POST', `/me/cvs/${id}/revisions/${revision.id}/undo`).then(reopen), 'Undone.'), { class: 'link-button', 'aria-label': `Undo “${revision.title}”` }) : null,
            ),
          ),
        )
      : h('p', { class: 'hint' }, 'No changes yet.'),
    status.element,
  )
}

async function tracerLinks(cv: CvRecord, slot: HTMLElement): Promise<void> {
  const { data } = await getJson<TracerLink[]>(`/me/cvs/${cv.id}/tracer-links`)
  const status = statusLine()
  const toggle = h('input', { type: 'checkbox', id: 'tracer-toggle', checked: cv.tracer_links_enabled }) as HTMLInputElement
  toggle.addEventListener('change', () => {
    void status.run(async () => {
      try {
        await sendJson('PUT', `/me/cvs/${cv.id}/tracer-links`, { enabled: toggle.checked })
        cv.tracer_links_enabled = toggle.checked
      } finally {
        toggle.checked = cv.tracer_links_enabled
      }
    }, toggle.checked ? 'On: download the PDF again to send the traced links.' : 'Off.')
  })
  replaceChildren(
    slot,
    h('label', { class: 'check' }, toggle, ' Trace the links in my PDF'),
    status.element,
    data.length
      ? h('ul', { class: 'tracer-links' }, data.map((link) => h('li', {}, h('span', { class: 'url' }, link.destination_url), h('span', { class: 'hint' }, ` · ${link.clicks} click${link.clicks === 1 ? '' : 's'}${link.distinct_visitors !== undefined ? `, ${link.distinct_visitors} visitors` : ''}${link.bot_clicks ? `, ${link.bot_clicks} by bots` : ''}${link.last_click_at ? `, last ${formatDate(link.last_click_at)}` : ''}`))))
      : h('p', { class: 'hint' }, 'No links in this CV yet: add some to its header.'),
  )
}

/** For a tailored CV: how it fits its job, and whether tailoring helped an ATS read it. */
function tailorPanel(id: string): HTMLElement {
  const slot = h('div', {}, h('p', { class: 'hint' }, 'Loading…'))
  void Promise.all([
    getJson<{ available: boolean; reason?: string; score?: { overall: number; matched_skills?: string[]; missing_skills?: string[] } }>(`/me/cvs/${id}/job-match`),
    getJson<{ available: boolean; reason?: string; delta?: { base: number; tailored: number; change: number } }>(`/me/cvs/${id}/ats-delta`),
  ]).then(
    ([match, delta]) =>
      replaceChildren(
        slot,
        match.data.available && match.data.score
          ? [
              h('p', {}, 'Fit with the job: ', h('strong', {}, `${match.data.score.overall} / 100`)),
              match.data.score.matched_skills?.length ? h('p', {}, 'Skills it shows: ', match.data.score.matched_skills.join(', ')) : null,
              match.data.score.missing_skills?.length ? h('p', {}, 'Skills the job asks for that it does not show: ', match.data.score.missing_skills.join(', ')) : null,
            ]
          : h('p', { class: 'hint' }, match.data.reason ?? 'No fit score yet.'),
        delta.data.available && delta.data.delta ? h('p', {}, `ATS score: ${delta.data.delta.base} for your base CV → ${delta.data.delta.tailored} tailored (${delta.data.delta.change >= 0 ? '+' : ''}${delta.data.delta.change}).`) : null,
      ),
    (error: Error) => replaceChildren(slot, h('p', { class: 'hint' }, error.message)),
  )
  return panel('cv-fit', 'What tailoring changed', h('p', { class: 'hint' }, 'Skills and achievements are reordered for the job; the revisions list each change and undo puts it back.'), slot)
}

/** On a job page: make (or open) the CV tailored to this job; visitors get a sign-in prompt. */
export function tailorButton(slug: string): HTMLElement {
  const slot = h('div', { class: 'tailor-cv' })
  void whoAmI().then((me) => {
    if (!me) return replaceChildren(slot, signInPrompt('to tailor a CV to this job.'))
    const status = statusLine()
    replaceChildren(
      slot,
      button('Tailor a CV to this job', () => void status.run(async () => {
        const made = await sendJson<{ tailor_cv_id: string }>('POST', '/me/cvs/tailor', { job_slug: slug })
        if (made) navigate(`/cvs/${made.tailor_cv_id}`)
      }, 'Done.'), { id: 'tailor-cv' }),
      status.element,
    )
  })
  return slot
}

