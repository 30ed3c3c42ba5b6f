/**
 * Worker threads running this package's TypeScript: a thread does not inherit tsx's loader, so its entry
 * registers the loader, then loads the module.
 * @module
 */
import { Worker } from 'node:worker_threads';

export function startTypeScriptWorker(module: URL, workerData: unknown): Worker {
  const entry = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
    register();
    await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData });
}
