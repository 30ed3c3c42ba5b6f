// A good hello; answers each replay with the id of the request before it.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id - 1, events: [] }));
