// The reference engine, but it numbers a refusal's play from 0: the right refusal, one play early by its count.
import type { Engine } from '../../../engines/adapter.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'counts plays from 0',
  replay: async (request) => {
    const reply = replayOnReference(request);
    return reply.rejection === undefined ? reply : { ...reply, rejection: { ...reply.rejection, play: reply.rejection.play - 1 } };
  },
  close: async () => {},
};
export default engine;
