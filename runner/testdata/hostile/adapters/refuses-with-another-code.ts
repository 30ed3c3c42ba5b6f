// The reference engine, but each refusal it makes carries another code: at the right round and play, for the wrong reason.
import type { Engine } from '../../../engines/adapter.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'refuses with another code',
  replay: async (request) => {
    const reply = replayOnReference(request);
    if (reply.rejection === undefined) return reply;
    const code = reply.rejection.code === 'CARD_NOT_IN_HAND' ? 'NOT_YOUR_TURN' : 'CARD_NOT_IN_HAND';
    return { ...reply, rejection: { ...reply.rejection, code } };
  },
  close: async () => {},
};
export default engine;
