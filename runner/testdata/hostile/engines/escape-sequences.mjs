// Answers with an error whose text clears the screen and sets the window title, and writes the same to stderr.
import { hello, serve } from './lib.mjs';
serve((request, index) => {
  if (index === 0) return hello(request);
  process.stderr.write('\x1b[2J\x1b]0;pwned\x07 log line\n');
  return { id: request.id, error: 'boom \x1b[2J\x1b]0;pwned\x07\x9b31m red \u202e reversed' };
});
