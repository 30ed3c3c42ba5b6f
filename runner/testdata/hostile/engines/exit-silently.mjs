// Exits 0 at once, without a word.
process.exit(0);
