// A hello whose profile names only a variant no fixture here uses.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request, { profile: { variants: [{ id: 'escoba' }] } }) : { id: request.id, events: [] }));
