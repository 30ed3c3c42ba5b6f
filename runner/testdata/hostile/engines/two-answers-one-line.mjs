// A good hello; answers replays with two JSON objects on one line.
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0 ? hello(request) : JSON.stringify({ id: request.id, events: [] }) + JSON.stringify({ id: request.id, events: [] }) + '\n',
);
