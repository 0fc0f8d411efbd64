/** A one-line progress bar on stderr when it is a terminal; silent otherwise (logs and CI stay clean). */
export function createProgress(label: string, total: number | null) {
  const tty = process.stderr.isTTY === true
  let last = 0
  const draw = (done: number) => {
    const width = 30
    const ratio = total ? Math.min(1, done / total) : 0
    const bar = total ? '█'.repeat(Math.round(ratio * width)).padEnd(width, '░') : ''
    process.stderr.write(`\r${label} ${bar} ${done}${total ? `/${total}` : ''}`)
  }
  return {
    update(done: number) {
      const now = Date.now()
      if (!tty || now - last < 100) return
      last = now
      draw(done)
    },
    done() {
      if (tty) process.stderr.write('\r\x1b[2K')
    },
  }
}
