// A good hello; answers every replay with events that are not a list.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: 'deal, capture' }));
