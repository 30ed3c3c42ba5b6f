// A good hello; answers replays with a key given twice: JSON.parse would keep the last "events" and pass it.
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0 ? hello(request) : `{"id":${request.id},"events":[{"type":"trail","seat":0,"card":"7D"}],"events":[]}\n`,
);
