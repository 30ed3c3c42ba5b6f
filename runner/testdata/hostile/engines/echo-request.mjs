// Answers every replay by echoing the request line back: right id, no events.
import { hello, serve } from './lib.mjs';
serve((request, index) => (index === 0 ? hello(request) : request));
