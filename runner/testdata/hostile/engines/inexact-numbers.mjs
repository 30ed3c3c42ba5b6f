// A good hello; answers replays with numbers that JSON.parse reads as other values than written: a seat of 1e-400
// (read as 0) and a count of 0.99999999999999999 (read as 1).
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0 ? hello(request) : `{"id":${request.id},"events":[{"type":"trail","seat":1e-400,"card":"7D"}],"n":0.99999999999999999}\n`,
);
