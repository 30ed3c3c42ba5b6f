#!/usr/bin/env node
// The scopa-conformance command. In a checkout of the repository (the TypeScript sources beside this folder) it
// runs the sources through tsx, so that nothing needs building and what runs is always what is written, even
// where an older dist/ lies about. The package (npm pack) ships the build instead of the sources (dist/, written
// by `npm run build`, which prepack runs) and runs that, with no tsx in between.
import { existsSync } from 'node:fs';

const sources = new URL('../runner/cli/bin.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import('../dist/runner/cli/bin.js');
}
