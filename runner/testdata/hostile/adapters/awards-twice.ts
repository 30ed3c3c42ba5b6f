// The reference engine, but it reports each round's award of cards twice, the same figures both times.
import type { Engine } from '../../../engines/adapter.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'awards twice',
  replay: async (request) => {
    const reply = replayOnReference(request);
    return { ...reply, events: reply.events.flatMap((event) => (event.type === 'award' && event.category === 'cards' ? [event, event] : [event])) };
  },
  close: async () => {},
};
export default engine;
