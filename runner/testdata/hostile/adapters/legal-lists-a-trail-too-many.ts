// The reference engine, but where a capture is compulsory it still lists trailing each card among the legal
// decisions: a legal list with decisions too many.
import type { Engine } from '../../../engines/adapter.ts';
import { legalOnReference, replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'legal lists a trail too many',
  replay: async (request) => replayOnReference(request),
  legal: async (request) => {
    const decisions = legalOnReference(request);
    const trails = decisions.filter((decision) => 'card' in decision && decision.capture !== undefined && decision.capture.length > 0).map((decision) => ({ card: (decision as { card: string }).card }));
    return [...decisions, ...trails];
  },
  close: async () => {},
};
export default engine;
