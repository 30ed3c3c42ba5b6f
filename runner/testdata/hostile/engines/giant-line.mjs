// A good hello, then a line of 65 MiB (more than the runner's 64 MiB limit), made on the fly.
import { hello, serve } from './lib.mjs';
serve((request, index) => {
  if (index === 0) return hello(request);
  const chunk = 'x'.repeat(1024 * 1024);
  let left = 65;
  const more = () => {
    while (left > 0) {
      left--;
      if (!process.stdout.write(chunk)) return void process.stdout.once('drain', more);
    }
    process.stdout.write('\n');
  };
  more();
  return undefined;
});
