/**
 * Worker threads running this package's modules. From the TypeScript sources, a thread does not inherit tsx's
 * loader, so its entry registers the loader, then loads the module. From the build (dist/), the module named
 * `x.ts` is its `x.js`, started as it is.
 * @module
 */
import { Worker } from 'node:worker_threads';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

export function startTypeScriptWorker(module: URL, workerData: unknown): Worker {
  if (!FROM_SOURCES) return new Worker(new URL(module.href.replace(/\.ts$/, '.js')), { workerData });
  const entry = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
    register();
    await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData });
}
