// An engine whose hello declares its profile: pagat with a sweep on the round's last play (a reading of the register,
// AMB-17) and the coins in spades (which no source documents). It answers every replay with no events: what
// compare's census says of it comes from the hello alone.
import { hello, serve } from '../../../testdata/hostile/engines/lib.mjs';

const PROFILE = { variants: [{ id: 'pagat', rules: { sweep: { lastPlay: true }, deck: { coinsSuit: 'S' } } }] };
serve((request, index) => (index === 0 ? hello(request, { profile: PROFILE }) : { id: request.id, events: [] }));
