// The reference engine, but its game-end names the next seat as the winner: the events of the game right, its
// result wrong.
import type { Engine } from '../../../engines/adapter.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'names the wrong winner',
  replay: async (request) => {
    const reply = replayOnReference(request);
    const events = reply.events.map((event) =>
      event.type === 'game-end' && typeof event.winner === 'number' ? { ...event, winner: (event.winner + 1) % request.players } : event,
    );
    return { ...reply, events };
  },
  close: async () => {},
};
export default engine;
