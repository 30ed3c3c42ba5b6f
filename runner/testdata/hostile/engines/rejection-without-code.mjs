// A good hello; refuses the first play of every replay without a code.
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0 ? hello(request) : { id: request.id, events: [], rejection: { round: 1, play: 1, message: 'no' } },
);
