// Preloaded (node --import) into a process the benchmark measures: at exit, the process's peak resident set size
// in kilobytes and the CPU time of all its threads in microseconds, one line each on stderr.
import process from 'node:process';

process.on('exit', () => {
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(`\npeak-rss-kb ${maxRSS}\ncpu-us ${userCPUTime + systemCPUTime}\n`);
});
