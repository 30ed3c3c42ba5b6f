// An adapter whose replies are not JSON data, by the fixture's number of plays: a function, a symbol, a cycle.
export default {
  name: 'not json',
  replay: async (request) => {
    const cycle = { type: 'trail', seat: 0, card: '7D' };
    cycle.self = cycle;
    const plays = request.rounds[0].plays.length;
    const event = plays === 1 ? { type: 'trail', seat: () => 0, card: '7D' } : plays === 2 ? { type: 'trail', seat: Symbol('seat'), card: '7D' } : cycle;
    return { events: [event] };
  },
  close: async () => {},
};
