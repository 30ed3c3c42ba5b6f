// A well-behaved but slow engine: every replay takes two seconds, and answers no events.
import { createInterface } from 'node:readline';
import { hello } from './lib.mjs';
let index = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.cmd === 'bye') process.exit(0);
  const answer = index++ === 0 ? hello(request) : { id: request.id, events: [] };
  setTimeout(() => process.stdout.write(`${JSON.stringify(answer)}\n`), index === 1 ? 0 : 2000);
});
