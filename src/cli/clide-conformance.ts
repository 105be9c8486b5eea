import { main } from './main.js';

// No top-level await: the entry is also bundled into one CommonJS script (rolldown.config.mjs).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
