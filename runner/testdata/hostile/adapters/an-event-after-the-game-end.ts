// The reference engine, but it closes each finished game with an event of its own after the game-end (a summary),
// so that the game-end is not the last event reported.
import type { Engine } from '../../../engines/adapter.ts';
import type { GameEvent } from '../../../../reference/index.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'an event after the game-end',
  replay: async (request) => {
    const reply = replayOnReference(request);
    if (reply.events.at(-1)?.type !== 'game-end') return reply;
    return { ...reply, events: [...reply.events, { type: 'summary', games: 1 } as unknown as GameEvent] };
  },
  close: async () => {},
};
export default engine;
