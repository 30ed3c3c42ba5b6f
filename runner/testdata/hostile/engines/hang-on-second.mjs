// Answers hello, then never answers again.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : undefined));
