// Numbers its deal round 1.5 and a round-end round -1: the runner places events by what it can trust.
import { hello, serve } from './lib.mjs';
serve((request, index) =>
  index === 0
    ? hello(request)
    : { id: request.id, events: [{ type: 'deal', round: 1.5, deal: 1, dealer: 1, hands: [], table: [] }, { type: 'round-end', round: -1, points: [0, 0], totals: [0, 0] }] },
);
