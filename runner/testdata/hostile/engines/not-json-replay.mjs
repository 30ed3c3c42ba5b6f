// A good hello, then a line that is not JSON.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : '{"id": 2, "events": [\n'));
