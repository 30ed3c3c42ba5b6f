// Refuses at play 1.5: a refusal must be placed at a whole round and play, or it is no answer.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [], rejection: { round: 1, play: 1.5, code: 'MUST_CAPTURE' } }));
