// A good hello; refuses the first play of every replay with a well-formed rejection.
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0 ? hello(request) : { id: request.id, events: [], rejection: { round: 1, play: 1, code: 'MUST_CAPTURE', message: 'no' } },
);
