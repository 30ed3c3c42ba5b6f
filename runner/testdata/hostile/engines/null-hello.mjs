// Answers hello with null.
import { serve } from './lib.mjs';
serve(() => 'null\n');
