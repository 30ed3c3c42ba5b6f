// An adapter whose replay throws something that is not an Error.
export default {
  name: 'throws',
  replay: async () => {
    throw 'a string, not an Error';
  },
  close: async () => {},
};
