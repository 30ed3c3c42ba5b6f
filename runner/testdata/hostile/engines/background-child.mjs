// Leaves a child behind that holds the engine's stdout open, then plays like the reference on bye: exits.
// The runner must finish at once, not when the child does.
import { spawn } from 'node:child_process';
import { hello, serve } from './lib.mjs';
spawn('sleep', ['300'], { stdio: ['ignore', 'inherit', 'inherit'] });
serve((request, index) => (index === 0 ? hello(request) : { id: request.id, events: [] }));
