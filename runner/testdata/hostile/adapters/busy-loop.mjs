// An adapter whose replay never returns: a synchronous loop that no promise timeout can interrupt.
export default {
  name: 'loops',
  replay: async () => {
    for (;;);
  },
  close: async () => {},
};
