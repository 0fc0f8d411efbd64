// The one function docs-viewer.ts uses from Redoc's standalone bundle (it ships no types for it).
declare module 'redoc/bundles/redoc.standalone.js' {
  export function init(specOrUrl: string | object, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void): void
}
