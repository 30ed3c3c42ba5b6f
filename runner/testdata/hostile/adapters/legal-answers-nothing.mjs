// An adapter that replays as the reference does, and whose legal() forgets its return: it offers legal decisions
// and answers nothing (undefined).
import { replayOnReference } from '../../../engines/reference.ts';

export default {
  name: 'legal forgets its return',
  replay: async (request) => replayOnReference(request),
  legal: async () => {},
  close: async () => {},
};
