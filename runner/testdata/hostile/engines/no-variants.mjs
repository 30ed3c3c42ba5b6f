// A hello without variants.
import { hello, serve } from './lib.mjs';
serve((request) => {
  const { variants, ...rest } = hello(request);
  return rest;
});
