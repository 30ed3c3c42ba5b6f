// Declares in its hello that it reports round totals only, and reports nothing else: a one-play fixture has
// no round-end, so its answer is empty, and that is all it must be.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request, { profile: { variants: '*', reports: 'totals' } }) : { id: request.id, events: [] }));
