// The reference engine, but where the inputs stop before a round's end it plays on, each seat its first legal
// decision, to the end of the round: plays the game never made.
import type { Engine } from '../../../engines/adapter.ts';
import { replayToPosition } from '../../../engines/reference.ts';
import { applyDecision, legalDecisions } from '../../../../reference/index.ts';

const engine: Engine = {
  name: 'plays on past the inputs',
  replay: async (request) => {
    const { reply, state } = replayToPosition(request);
    let current = state;
    const events = [...reply.events];
    while (reply.rejection === undefined && current?.status === 'playing') {
      const decision = legalDecisions(current)[0];
      const step = decision === undefined ? undefined : applyDecision(current, decision);
      if (step === undefined || !step.ok) break;
      events.push(...step.value.events);
      current = step.value.state;
    }
    return { ...reply, events };
  },
  close: async () => {},
};
export default engine;
