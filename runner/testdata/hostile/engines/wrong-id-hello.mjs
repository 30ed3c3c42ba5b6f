// Answers hello with another id.
import { hello, serve } from './lib.mjs';
serve((request) => hello(request, { id: request.id + 41 }));
