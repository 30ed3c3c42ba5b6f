// Answers hello with a line that is not JSON.
import { serve } from './lib.mjs';
serve(() => 'OK ready\n');
