// An in-process adapter for tests: the reference engine, but a sweep made by the round's last play scores.
import { replayOnReference } from '../engines/reference.ts';
import type { Engine } from '../engines/adapter.ts';

const engine: Engine = {
  name: 'last-play sweeps',
  replay: async (request) => replayOnReference({ ...request, rules: { ...request.rules, sweep: { ...request.rules.sweep, lastPlay: true } } }),
  close: async () => {},
};
export default engine;
