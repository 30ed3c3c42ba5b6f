// A hello whose variants list holds a null: no engine to start, in one line.
import { hello, serve } from './lib.mjs';
serve((request) => hello(request, { variants: [null] }));
