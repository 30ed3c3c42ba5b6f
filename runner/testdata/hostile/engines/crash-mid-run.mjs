// Answers hello and the first replay (with no events), then exits with code 7 on the second replay.
import { hello, serve } from './lib.mjs';
serve((request, index) => {
  if (index === 0) return hello(request);
  if (index === 1) return { id: request.id, events: [] };
  process.stderr.write('fake engine: segmentation fault (pretend)\n');
  process.exit(7);
});
