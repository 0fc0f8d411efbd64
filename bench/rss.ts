import { readFileSync } from 'node:fs'

/** Resident memory of a process and its children (a cluster's serving processes), in MiB. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 + children.reduce((sum, child) => sum + rssMiB(child), 0)
  } catch {
    return 0 // the process ended between the listing and the read
  }
}
