// Reads requests and never answers.
import { serve } from './lib.mjs';
serve(() => undefined);
