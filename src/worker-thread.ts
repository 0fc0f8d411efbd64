import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads'

/**
 * Starts a worker thread running one of our TypeScript modules: the script build.mjs bundles beside
 * dist/openroles.mjs once built (`bundled`, relative to the bundle), or, from the sources, a small
 * bootstrap that registers tsx in the worker (flags like --import do not reach workers) and then
 * loads the module. `execArgv: []` so the parent's flags cannot change how the worker runs.
 */
export function startModuleWorker(bundled: string | undefined, source: URL, workerData: object, transferList: TransferListItem[], resourceLimits?: ResourceLimits): Worker {
  if (typeof bundled === 'string') return new Worker(new URL(bundled, import.meta.url), { execArgv: [], workerData, transferList, resourceLimits })
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const bootstrap = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}) })`
  return new Worker(bootstrap, { eval: true, execArgv: [], workerData, transferList, resourceLimits })
}
