// Starts a child of its own (which writes its pid to HANG_ENGINE_PIDS), answers hello (never, with
// HANG_ENGINE_AT_HELLO set), and never answers a replay, marking in HANG_ENGINE_MARKS that one came (h for the hello
// not answered, r for a replay). A signal to the runner must end both at once, not after --timeout.
import { appendFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { hello, serve } from './lib.mjs';
const child = spawn('sleep', ['300'], { stdio: 'ignore' });
if (process.env.HANG_ENGINE_PIDS) appendFileSync(process.env.HANG_ENGINE_PIDS, `${child.pid}\n`);
serve((request, index) => {
  if (index === 0 && !process.env.HANG_ENGINE_AT_HELLO) return hello(request);
  if (process.env.HANG_ENGINE_MARKS) appendFileSync(process.env.HANG_ENGINE_MARKS, index === 0 ? 'h' : 'r');
  return undefined;
});
