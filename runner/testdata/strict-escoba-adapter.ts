// An in-process adapter for tests: the reference engine, but a card that can capture may never be trailed
// (an Escoba engine stricter than the escoba variant, whose capture is not compulsory).
import { replayOnReference } from '../engines/reference.ts';
import type { Engine } from '../engines/adapter.ts';

const engine: Engine = {
  name: 'strict escoba',
  replay: async (request) => replayOnReference({ ...request, rules: { ...request.rules, capture: { ...request.rules.capture, compulsion: 'played-card' } } }),
  close: async () => {},
};
export default engine;
