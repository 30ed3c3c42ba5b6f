/**
 * `engine`: the reference engine as an external engine, speaking the engine protocol on stdin and stdout.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { type Command, EXIT, parseCommandArgs } from '../cli/command.ts';
import { serve } from '../engines/serve.ts';
import { PACKAGE_JSON } from '../util/repo-paths.ts';

export const engineCommand: Command = {
  name: 'engine',
  summary: 'serve the reference engine over the engine protocol (stdin/stdout)',
  help: `Usage: scopa-conformance engine

Reads protocol requests from stdin, one JSON object per line, and answers each on stdout
(spec/PROTOCOL.md): hello, replay, legal, bye. It plays any variant from the rules sent
with the request. Use it to test the protocol path end to end:
  scopa-conformance run --engine "npx scopa-conformance engine"
and as a working example to compare an adapter's lines with.`,

  async run(args) {
    parseCommandArgs(args, {});
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    await serve(process.stdin, process.stdout, version);
    return EXIT.ok;
  },
};
