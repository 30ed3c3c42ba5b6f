// An adapter whose replay returns a promise that never settles and keeps nothing alive.
export default { name: 'waits', replay: () => new Promise(() => {}), close: async () => {} };
