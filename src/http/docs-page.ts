import { createHash } from 'node:crypto'

/**
 * The interactive reference at /api/v1/docs: one self-contained page (inline style and script,
 * nothing from a CDN) that fetches ./openapi.json and renders every operation with a try-it-out
 * form. Text from the document is only ever set as textContent, and the CSP allows exactly this
 * page's own script and style by hash.
 */
const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2330;background:#f7f8fa}
header{background:#1d2330;color:#fff;padding:12px 24px}header h1{margin:0;font-size:20px}
main{max-width:1000px;margin:0 auto;padding:16px 24px}
.intro{white-space:pre-wrap;background:#fff;border:1px solid #dde;padding:12px;border-radius:6px}
h2{margin:28px 0 8px;text-transform:capitalize}
details{background:#fff;border:1px solid #dde;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 12px;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:64px;font-weight:700}.GET{color:#0a6}.POST{color:#06c}.PUT,.PATCH{color:#a60}.DELETE{color:#c22}
.op{padding:4px 12px 12px}.desc{white-space:pre-wrap;color:#444}
label{display:block;margin:6px 0 2px;font-family:ui-monospace,monospace}
input,textarea{display:block;margin-top:2px;width:100%;box-sizing:border-box;font:13px ui-monospace,monospace;padding:4px}
textarea{min-height:90px}button{margin-top:8px;padding:6px 16px}
pre{background:#10141c;color:#e6e6e6;padding:10px;overflow:auto;max-height:420px;border-radius:4px}
.auth{background:#fff;border:1px solid #dde;padding:8px 12px;border-radius:6px;margin-top:12px}`

const SCRIPT = `
const main = document.querySelector('main')
const el = (tag, props = {}, ...children) => { const node = Object.assign(document.createElement(tag), props); node.append(...children); return node }
const apiKeyInput = el('input', { type: 'password', placeholder: 'personal API key (optional; sent as Authorization: Bearer ...)', autocomplete: 'off' })
function skeleton(schema) {
  if (!schema || typeof schema !== 'object') return null
  if (schema.default !== undefined) return schema.default
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties || {}).map(([k, s]) => [k, skeleton(s)]))
  if (schema.type === 'array') return []
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 0
  if (schema.type === 'boolean') return false
  if (Array.isArray(schema.enum)) return schema.enum[0]
  return ''
}
function hint(schema = {}) {
  if (schema.anyOf) return schema.anyOf.some((s) => s.type === 'array') ? 'one value, or several separated by commas' : 'value'
  if (Array.isArray(schema.enum)) return 'one of: ' + schema.enum.join(', ')
  if (schema.type === 'boolean') return 'true or false'
  if (schema.type === 'integer') return 'whole number' + (schema.minimum !== undefined ? ' from ' + schema.minimum : '') + (schema.maximum !== undefined ? ' to ' + schema.maximum : '')
  if (schema.type === 'array') return 'values separated by commas'
  return 'text' + (schema.maxLength ? ' (at most ' + schema.maxLength + ' characters)' : '')
}
function operationView(base, path, method, op) {
  const inputs = []
  const form = el('div', { className: 'op' }, el('p', { className: 'desc', textContent: op.description || '' }))
  for (const p of op.parameters || []) {
    const input = el('input', { placeholder: (p.required ? 'required: ' : '') + hint(p.schema) + (p.schema?.default !== undefined ? ' (default ' + p.schema.default + ')' : '') })
    inputs.push([p, input])
    form.append(el('label', {}, p.name + ' (' + p.in + ')' + (p.description ? ' - ' + p.description : ''), input))
  }
  let body
  const bodySchema = op.requestBody?.content?.['application/json']?.schema
  if (bodySchema) {
    body = el('textarea', { value: JSON.stringify(skeleton(bodySchema), null, 2) })
    form.append(el('label', {}, 'JSON body', body))
  }
  const output = el('pre', { hidden: true })
  const send = el('button', { type: 'button', textContent: 'Send' })
  send.addEventListener('click', async () => {
    let url = base + path
    const query = new URLSearchParams()
    for (const [p, input] of inputs) {
      if (!input.value) continue
      if (p.in === 'path') url = url.replace('{' + p.name + '}', encodeURIComponent(input.value))
      else for (const value of p.style === 'form' ? input.value.split(',') : [input.value]) query.append(p.name, value.trim())
    }
    if ([...query].length) url += '?' + query
    const headers = {}
    if (apiKeyInput.value) headers.authorization = 'Bearer ' + apiKeyInput.value
    if (body) headers['content-type'] = 'application/json'
    output.hidden = false
    output.textContent = method.toUpperCase() + ' ' + url + '\\n...'
    try {
      const started = performance.now()
      const response = await fetch(url, { method: method.toUpperCase(), headers, body: body ? body.value : undefined })
      const text = await response.text()
      let shown = text
      try { shown = JSON.stringify(JSON.parse(text), null, 2) } catch {}
      const limits = [...response.headers].filter(([name]) => /^(x-ratelimit|retry-after|allow)/i.test(name)).map(([n, v]) => n + ': ' + v).join('\\n')
      output.textContent = method.toUpperCase() + ' ' + url + '\\n' + response.status + ' in ' + Math.round(performance.now() - started) + ' ms\\n' + (limits ? limits + '\\n' : '') + '\\n' + shown.slice(0, 200000)
    } catch (error) {
      output.textContent = 'request failed: ' + error
    }
  })
  form.append(send, output)
  return el('details', {}, el('summary', {}, el('span', { className: 'm ' + method.toUpperCase(), textContent: method.toUpperCase() }), path + '  ', el('small', { textContent: op.summary || '' })), form)
}
async function render() {
  const doc = await (await fetch('openapi.json')).json()
  const base = (doc.servers && doc.servers[0] && doc.servers[0].url) || ''
  document.title = doc.info.title + ' API ' + doc.info.version
  document.querySelector('h1').textContent = doc.info.title + ' API ' + doc.info.version
  main.append(el('div', { className: 'intro', textContent: doc.info.description || '' }), el('div', { className: 'auth' }, el('label', {}, 'API key', apiKeyInput)))
  const byTag = new Map()
  for (const [path, item] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(item)) {
    const tag = (op.tags && op.tags[0]) || 'other'
    if (!byTag.has(tag)) byTag.set(tag, [])
    byTag.get(tag).push(operationView(base, path, method, op))
  }
  for (const [tag, views] of byTag) main.append(el('h2', { textContent: tag }), ...views)
}
render().catch((error) => main.append(el('p', { textContent: 'could not load openapi.json: ' + error })))
`

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** A quick start with curl examples, shown first (static HTML; BASE is this server's /api/v1). */
const QUICK_START = `<section class="intro"><strong>Quick start</strong>
Every answer is { "data": … }, { "data": [ … ], "meta": { "total", "limit", "offset" } } or { "error": "…" }.
Public reads need no key; signed-in operations take the session cookie or Authorization: Bearer &lt;API key&gt;.

# newest remote Go jobs, one page of 5
curl 'BASE/jobs/search?q=go&amp;work_mode=remote&amp;limit=5'
# counts per facet value (disjunctive: each facet ignores its own selection)
curl 'BASE/jobs/facets?q=go&amp;work_mode=remote&amp;disjunctive=true'
# full descriptions as Markdown, for agents
curl 'BASE/agent/jobs/search?q=data%20engineer&amp;countries=de&amp;description_format=markdown&amp;limit=3'
# one posting, its look-alikes, a company
curl 'BASE/jobs/SLUG'; curl 'BASE/jobs/SLUG/similar'; curl 'BASE/companies/COMPANY_SLUG'
# signed in with a personal API key
curl -H 'Authorization: Bearer or_live_…' 'BASE/me/tracking'
</section>`

export function docsPage(): { html: (base: string) => string; contentSecurityPolicy: string } {
  const html = (base: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>openroles API reference</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>openroles API</h1></header>
<main>${QUICK_START.replaceAll('BASE', base)}<noscript>The reference below needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</noscript></main>
<script type="module">${SCRIPT}</script>
</body>
</html>
`
  const contentSecurityPolicy =
    `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; connect-src 'self'; ` +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  return { html, contentSecurityPolicy }
}
