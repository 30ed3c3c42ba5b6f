/**
 * The process around the CLI: real streams in, exit code out. The only place that sets the exit code.
 * @module
 */
import { constants } from 'node:os';
import { EXIT } from './command.ts';
import { cli } from './cli.ts';
import { pipeSafe } from './output.ts';

/**
 * Ctrl-C, and the signals CI, `timeout` and `docker stop` send, all ask the command to stop cleanly: the engines
 * are ended, what ran is reported, every file written is whole. The command exits as the shell reports that
 * signal (128 + its number: 130, 143, 129). A second signal ends the process at once.
 */
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type StoppingSignal = (typeof STOPPING_SIGNALS)[number];

const interrupt = new AbortController();
for (const signal of STOPPING_SIGNALS) {
  process.on(signal, () => {
    if (!interrupt.signal.aborted) interrupt.abort(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

// Output that could not be written (a full disk) is a failure of its own: said on stderr, exit 2, whatever ran.
let unwritten = false;
const stdoutFailed = (error: Error): void => {
  unwritten = true;
  process.stderr.write(`error: cannot write to stdout: ${error.message}; what was printed is incomplete\n`);
  process.exitCode = EXIT.invalid;
};

const code = await cli(process.argv.slice(2), {
  stdout: pipeSafe(process.stdout, stdoutFailed),
  stderr: pipeSafe(process.stderr),
  cwd: process.cwd(),
  isTTY: process.stderr.isTTY === true,
  env: process.env,
  signal: interrupt.signal,
});
const stoppedBy = interrupt.signal.reason as StoppingSignal | undefined;
process.exitCode = unwritten ? EXIT.invalid : code === EXIT.interrupted && stoppedBy !== undefined ? 128 + constants.signals[stoppedBy] : code;
