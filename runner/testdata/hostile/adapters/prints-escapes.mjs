// An adapter that prints to stdout and stderr, escape sequences included, as it loads and as it replays: none of it
// reaches the runner's stdout (a JSON report stays JSON), and none of it is obeyed.
console.log('\u001b[2J\u001b]0;pwned\u0007 adapter loading');
process.stderr.write('\u001b[31mred on stderr\u001b[0m\n');
export default {
  name: 'chatty',
  replay: async () => {
    console.log('{"results": "forged by the adapter"}');
    process.stdout.write('\u001b[2J');
    return { events: [] };
  },
  close: async () => {},
};
