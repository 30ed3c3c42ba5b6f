// Answers hello with a line of 65 MiB, without a newline at its end.
import { serve } from './lib.mjs';
serve(() => {
  const chunk = 'y'.repeat(1024 * 1024);
  let left = 65;
  const more = () => {
    while (left > 0) {
      left--;
      if (!process.stdout.write(chunk)) return void process.stdout.once('drain', more);
    }
  };
  more();
  return undefined;
});
