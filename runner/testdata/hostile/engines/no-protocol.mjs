// A hello without a protocol version.
import { hello, serve } from './lib.mjs';
serve((request) => {
  const { protocol, ...rest } = hello(request);
  return rest;
});
