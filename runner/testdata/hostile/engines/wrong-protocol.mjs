// Speaks protocol 2.
import { hello, serve } from './lib.mjs';
serve((request) => hello(request, { protocol: 2 }));
