// An in-process adapter for tests: the reference engine behind the adapter interface.
import { replayOnReference } from '../engines/reference.ts';
import type { Engine } from '../engines/adapter.ts';

const engine: Engine = { name: 'reference via adapter', replay: async (request) => replayOnReference(request), close: async () => {} };
export default engine;
