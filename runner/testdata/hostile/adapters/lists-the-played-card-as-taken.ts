// The reference engine, but each capture lists the card played among the cards it took.
import type { Engine } from '../../../engines/adapter.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'lists the played card as taken',
  replay: async (request) => {
    const reply = replayOnReference(request);
    return { ...reply, events: reply.events.map((event) => (event.type === 'capture' ? { ...event, captured: [...event.captured, event.card] } : event)) };
  },
  close: async () => {},
};
export default engine;
