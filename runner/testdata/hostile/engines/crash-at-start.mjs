// Dies before reading anything, with a message on stderr.
process.stderr.write('fake engine: cannot open its rule tables\n');
process.exit(1);
