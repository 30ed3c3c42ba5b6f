// A good hello; answers every replay with an error.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, error: 'cannot replay: out of cheese' }));
