#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so that the command needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../runner/cli/bin.ts');
