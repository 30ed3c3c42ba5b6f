// A good hello; answers every replay with a list of numbers as events.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [1, 2, 3] }));
