/**
 * The API reference at /api/v1/docs: a quick start with curl examples, then the whole OpenAPI
 * document rendered by Redoc (src/web/docs-viewer.ts), whose script this server serves under
 * /assets/ like the search page's (no CDN: the page works offline). The CSP allows scripts from
 * this origin only; Redoc writes its styles into <style> elements, hence 'unsafe-inline' for styles.
 * Links are root-relative: the page is also served at /api/v1/docs/, where openapi.json would miss.
 */
const STYLE = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1d2330}
.top{background:#1d2330;color:#fff;padding:12px 24px;display:flex;flex-wrap:wrap;gap:8px 24px;align-items:baseline}.top h1{margin:0;font-size:20px}.top a{color:#c9d1ff}
.intro{max-width:1000px;margin:16px auto;padding:12px 16px;white-space:pre-wrap;overflow-wrap:anywhere;background:#f7f8fa;border:1px solid #dde;border-radius:6px;font:13px/1.5 ui-monospace,monospace}
.intro strong{font:600 16px system-ui,sans-serif}`

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

export function docsPage(): { html: (base: string, viewerScript: string) => string; contentSecurityPolicy: string } {
  const html = (base: string, viewerScript: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>openroles API reference</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header class="top"><h1>openroles API</h1><a href="/api/v1/openapi.json">openapi.json</a></header>
${QUICK_START.replaceAll('BASE', base)}
<noscript>The reference below needs JavaScript; the document itself is at <a href="/api/v1/openapi.json">openapi.json</a>.</noscript>
<div id="reference" data-spec="/api/v1/openapi.json"></div>
<script src="/assets/${viewerScript}" defer></script>
</body>
</html>
`
  const contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  return { html, contentSecurityPolicy }
}
