// A hello without the engine's name and version.
import { hello, serve } from './lib.mjs';
serve((request) => hello(request, { engine: { name: 'fake' } }));
