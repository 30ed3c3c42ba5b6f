// A good hello; skips every replay.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, skipped: 'pagat is not implemented yet' }));
