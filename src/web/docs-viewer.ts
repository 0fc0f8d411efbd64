/**
 * The API reference viewer of /api/v1/docs: Redoc's standalone browser bundle, bundled again by
 * esbuild (src/web/build-assets.ts) so the page loads it from this server, never from a CDN. It
 * renders the OpenAPI document named by the element's data-spec attribute.
 */
import { init } from 'redoc/bundles/redoc.standalone.js'

const root = document.getElementById('reference')
if (root?.dataset.spec) {
  init(
    root.dataset.spec,
    {
      // Our document's own descriptions are the prose; Redoc only lays them out.
      expandResponses: '200,201',
      jsonSampleExpandLevel: 3,
      hideHostname: false,
      nativeScrollbars: true,
      sortTagsAlphabetically: false,
      theme: { colors: { primary: { main: '#3b4cca' } }, typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { fontFamily: 'ui-monospace, monospace' } } },
    },
    root,
  )
}
