// A good hello; answers every replay with an event of a type the vocabulary does not have.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [{ type: 'frobnicate', seat: 0 }] }));
