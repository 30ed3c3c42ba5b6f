// An adapter whose replay answers a number instead of a reply.
export default { name: 'number', replay: async () => 42, close: async () => {} };
