/**
 * The process around the CLI: real streams in, exit code out. The only place that sets the exit code.
 * @module
 */
import { cli } from './cli.ts';
import { pipeSafe } from './output.ts';

// The first Ctrl-C asks the command to stop cleanly; a second one ends the process at once, as usual.
const interrupt = new AbortController();
process.once('SIGINT', () => interrupt.abort());

process.exitCode = await cli(process.argv.slice(2), {
  stdout: pipeSafe(process.stdout),
  stderr: pipeSafe(process.stderr),
  cwd: process.cwd(),
  isTTY: process.stderr.isTTY === true,
  env: process.env,
  signal: interrupt.signal,
});
