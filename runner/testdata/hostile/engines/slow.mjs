// A well-behaved but slow engine: every replay takes two seconds, and answers no events. With SLOW_ENGINE_MARKS
// set, it appends a character to that file as each replay arrives, for a test to know how far a run has got.
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { hello } from './lib.mjs';
let index = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.cmd === 'bye') process.exit(0);
  if (index > 0 && process.env.SLOW_ENGINE_MARKS) appendFileSync(process.env.SLOW_ENGINE_MARKS, 'r');
  const answer = index++ === 0 ? hello(request) : { id: request.id, events: [] };
  setTimeout(() => process.stdout.write(`${JSON.stringify(answer)}\n`), index === 1 ? 0 : 2000);
});
