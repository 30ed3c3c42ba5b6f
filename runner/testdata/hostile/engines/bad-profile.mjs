// A hello whose profile declares a reporting level that does not exist.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request, { profile: { variants: '*', reports: 'some' } }) : { id: request.id, events: [] }));
