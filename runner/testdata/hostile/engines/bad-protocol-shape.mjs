// A good hello; answers replays with events whose fields have the wrong types (for --validate-protocol).
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0 ? hello(request) : { id: request.id, events: [{ type: 'capture', seat: 'zero', card: 7, captured: '3D' }] },
);
