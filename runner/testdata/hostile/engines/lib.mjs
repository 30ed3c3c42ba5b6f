// Shared by the fake engines of runner/cli/hostile.test.ts: a line reader on stdin and a well-formed hello.
// Each fake engine is a few lines that misbehave in one way (see cases.yaml).
import { createInterface } from 'node:readline';

export const hello = (request, extra = {}) => ({
  id: request.id,
  protocol: 1,
  engine: { name: 'fake', version: '0.0.0' },
  variants: '*',
  ...extra,
});

/**
 * Calls `answer(request, index)` for every request but `bye` (index counts requests from 0, hello included) and
 * prints what it returns: an object as one JSON line, a string as is, undefined as nothing (a hang).
 */
export function serve(answer) {
  let index = 0;
  createInterface({ input: process.stdin }).on('line', (line) => {
    const request = JSON.parse(line);
    if (request.cmd === 'bye') process.exit(0);
    const out = answer(request, index++);
    if (out === undefined) return;
    process.stdout.write(typeof out === 'string' ? out : `${JSON.stringify(out)}\n`);
  });
}
