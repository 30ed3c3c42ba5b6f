// An in-process adapter for tests: an engine whose every replay throws, so that every fixture errors.
import type { Engine } from '../engines/adapter.ts';

const engine: Engine = {
  name: 'throwing',
  replay: async () => {
    throw new Error('this engine cannot replay anything');
  },
  close: async () => {},
};
export default engine;
