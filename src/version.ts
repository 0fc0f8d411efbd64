/** The service version (package.json), reported by /status and the OpenAPI document. */
export const VERSION = '0.1.0'
