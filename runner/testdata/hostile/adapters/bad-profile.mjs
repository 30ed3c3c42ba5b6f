// An adapter that declares a profile its schema refuses: the run does not start, in one line, exit 3.
export default { name: 'bad profile', profile: { variants: 'all of them', reports: 'everything' }, replay: async () => ({ events: [] }), close: async () => {} };
