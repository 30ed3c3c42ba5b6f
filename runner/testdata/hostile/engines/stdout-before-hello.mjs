// Prints a banner on stdout before it reads the first request.
import { hello, serve } from './lib.mjs';
process.stdout.write('fake engine 0.0.0 ready\n');
serve((request) => hello(request));
