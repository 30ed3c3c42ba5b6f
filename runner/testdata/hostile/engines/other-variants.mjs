// Plays only escoba: every pagat fixture is skipped.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request, { variants: [{ id: 'escoba' }] }) : { id: request.id, skipped: 'unexpected' }));
