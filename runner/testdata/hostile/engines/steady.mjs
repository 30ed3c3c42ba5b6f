// A well-behaved engine that takes 1.2 s over each replay and answers no events: a run of three fixtures with
// --timeout 2 outlasts the timeout while each answer comes in time.
import { hello, serve } from './lib.mjs';
serve((request, index) => {
  if (index === 0) return hello(request);
  setTimeout(() => process.stdout.write(`${JSON.stringify({ id: request.id, events: [] })}\n`), 1200);
  return undefined;
});
