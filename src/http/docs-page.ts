import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The API reference at /api/v1/docs: a quick start with curl examples first (plain HTML), then the
 * whole OpenAPI document rendered by Swagger UI (`swagger-ui-dist`, a well-kept viewer with
 * try-it-out), served from the installed package by this process: nothing from a CDN, works
 * offline. Its assets live under /api/v1/docs/assets/ with a content hash in their names.
 */
export interface DocsAsset {
  name: string
  contentType: string
  body: Buffer
  gzip: Buffer
}

const QUICK_START = `
<section class="quick-start">
<h1>openroles API</h1>
<p>A read-first JSON API over open IT job postings and the companies that post them. Every answer is
<code>{ "data": … }</code>, <code>{ "data": [ … ], "meta": { "total", "limit", "offset" } }</code> or
<code>{ "error": "…" }</code>. Public reads need no key; signed-in operations take the session cookie
or <code>Authorization: Bearer &lt;API key&gt;</code>. The machine description is
<a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<h2>Quick start</h2>
<pre><code># newest remote Go jobs, one page of 5
curl 'BASE/jobs/search?q=go&amp;work_mode=remote&amp;limit=5'

# what the matches look like: counts per facet value (disjunctive: each facet ignores its own selection)
curl 'BASE/jobs/facets?q=go&amp;work_mode=remote&amp;disjunctive=true'

# full descriptions as Markdown, for agents
curl 'BASE/agent/jobs/search?q=data%20engineer&amp;countries=de&amp;description_format=markdown&amp;limit=3'

# one posting, its look-alikes, a company
curl 'BASE/jobs/SLUG'
curl 'BASE/jobs/SLUG/similar'
curl 'BASE/companies/COMPANY_SLUG'

# signed in with a personal API key (create one on /me/api-keys while signed in)
curl -H 'Authorization: Bearer or_live_…' 'BASE/me/tracking'</code></pre>
<p>Filters: repeat a parameter or separate values with commas to OR them (<code>skills=go,rust</code>),
<code>&lt;facet&gt;_mode=and</code> to require all, <code>&lt;facet&gt;_exclude=…</code> to remove;
different facets AND; <code>regions</code>, <code>countries</code> and <code>cities</code> form one
OR-group. Paging: <code>limit</code> (default 20, at most 100) and <code>offset</code>. Budgets: 600
reads and 300 agent searches a minute per caller, with <code>X-RateLimit-*</code> headers.</p>
</section>`

const INIT = `
window.addEventListener('load', () => {
  window.SwaggerUIBundle({
    url: new URL('openapi.json', location.href).href,
    dom_id: '#reference',
    deepLinking: true,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    // No calls to the public validator service: the page works offline.
    validatorUrl: null,
  })
})
`

const PAGE_STYLE = `
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1d2330; }
.quick-start { max-width: 1400px; margin: 0 auto; padding: 16px 20px 0; box-sizing: border-box; }
.quick-start pre { background: #10141c; color: #e6e6e6; padding: 12px; overflow: auto; border-radius: 4px; }
.quick-start code { font: 13px ui-monospace, monospace; }
`

function asset(name: string, contentType: string, body: Buffer): DocsAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  const dot = name.lastIndexOf('.')
  return { name: `${name.slice(0, dot)}-${hash}${name.slice(dot)}`, contentType, body, gzip: gzipSync(body) }
}

let built: { html: (base: string) => string; assets: Map<string, DocsAsset> } | undefined

/** The page and its assets, read from swagger-ui-dist once per process. */
export function docsPage(): { html: (base: string) => string; assets: Map<string, DocsAsset>; contentSecurityPolicy: string } {
  if (!built) {
    const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
    const bundle = asset('swagger-ui-bundle.js', 'text/javascript; charset=utf-8', readFileSync(join(dir, 'swagger-ui-bundle.js')))
    const css = asset('swagger-ui.css', 'text/css; charset=utf-8', Buffer.concat([readFileSync(join(dir, 'swagger-ui.css')), Buffer.from(PAGE_STYLE)]))
    const init = asset('docs.js', 'text/javascript; charset=utf-8', Buffer.from(INIT))
    const page = (base: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>openroles API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="docs/assets/${css.name}">
</head>
<body>
${QUICK_START.replaceAll('BASE', base)}
<div id="reference"><noscript>The interactive reference needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</noscript></div>
<script src="docs/assets/${bundle.name}"></script>
<script src="docs/assets/${init.name}"></script>
</body>
</html>
`
    built = { html: page, assets: new Map([bundle, css, init].map((a) => [a.name, a])) }
  }
  // Swagger UI sets style attributes on its elements, hence 'unsafe-inline' for styles only; scripts are this origin's files.
  const contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  return { ...built, contentSecurityPolicy }
}
