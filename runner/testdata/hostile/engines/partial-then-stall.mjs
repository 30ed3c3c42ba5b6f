// Prints half an answer and then nothing: the timeout message must show what it printed.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : `{"id":${request.id},"events":[{"type":"de`));
