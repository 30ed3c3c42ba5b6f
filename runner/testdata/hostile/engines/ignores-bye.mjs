// Skips every replay, and goes on running after bye (the runner must kill it).
import { createInterface } from 'node:readline';
import { hello } from './lib.mjs';
let index = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.cmd === 'bye') return;
  const out = index++ === 0 ? hello(request) : { id: request.id, skipped: 'skipping' };
  process.stdout.write(JSON.stringify(out) + '\n');
});
process.stdin.on('end', () => {});
setInterval(() => {}, 1000);
