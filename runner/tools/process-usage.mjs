// Preloaded (node --import) into a process whose peak memory the benchmark measures: at exit, the process's
// peak resident set size in kilobytes, as one line on stderr.
import process from 'node:process';

process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
