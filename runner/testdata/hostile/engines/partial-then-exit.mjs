// A good hello; prints half an answer without its newline, then exits.
import { hello, serve } from './lib.mjs';
serve((request, index) => {
  if (index === 0) return hello(request);
  process.stdout.write('{"id":' + request.id + ',"ev', () => process.exit(0));
  return undefined;
});
