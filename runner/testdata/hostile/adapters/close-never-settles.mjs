// An adapter whose close never settles: the run still ends, within --timeout, and reports what it judged.
export default { name: 'never closes', replay: async () => ({ events: [] }), close: () => new Promise(() => {}) };
