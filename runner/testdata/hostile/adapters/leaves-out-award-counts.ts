// The reference engine, but its awards carry the points and not the counts (profiles/omit-award-counts.yaml
// declares it so).
import type { Engine } from '../../../engines/adapter.ts';
import { replayOnReference } from '../../../engines/reference.ts';

const engine: Engine = {
  name: 'leaves out award counts',
  replay: async (request) => {
    const reply = replayOnReference(request);
    return { ...reply, events: reply.events.map((event) => (event.type === 'award' ? { type: 'award', round: event.round, category: event.category, points: event.points } as typeof event : event)) };
  },
  close: async () => {},
};
export default engine;
