// A good hello; answers replays with an error, and skips, whose words hold line breaks and a forged report line.
import { hello, serve } from './lib.mjs';
serve((request, index) => {
  if (index === 0) return hello(request);
  const forged = 'boom\nPASS  fixtures/one-play\n1 fixture: 1 passed, 0 failed, 0 skipped, 0 errored';
  return request.players === 2 && request.rounds[0].plays.length === 1 ? { id: request.id, error: forged } : { id: request.id, skipped: forged };
});
