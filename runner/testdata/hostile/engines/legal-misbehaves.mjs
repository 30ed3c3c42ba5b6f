// Offers legal and replays fixtures/one-play-legal.yaml correctly; answers legal as argv[2] says: garbage (no
// decisions list), hang (never), error (an error answer) or wrong (a list without the trail); with none, it
// does not offer legal at all.
import { hello, serve } from './lib.mjs';
const how = process.argv[2];
const LEGAL = {
  garbage: (request) => ({ id: request.id, decisions: 'all of them' }),
  hang: () => undefined,
  error: (request) => ({ id: request.id, error: 'no legal decisions here' }),
  wrong: (request) => ({ id: request.id, decisions: [{ card: '7D', capture: ['3D', '4C'] }, { card: '10C', capture: ['10S'] }] }),
};
serve((request, index) => {
  if (index === 0) return hello(request, how === 'none' ? {} : { capabilities: ['legal'] });
  if (request.cmd === 'legal') return LEGAL[how](request);
  return { id: request.id, events: [{ type: 'capture', seat: 0, card: '7D', captured: ['3D', '4C'] }] };
});
