/** The one function of http_ece (a dependency of web-push) the push-service stand-in uses. */
declare module 'http_ece' {
  const ece: { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer }
  export default ece
}
