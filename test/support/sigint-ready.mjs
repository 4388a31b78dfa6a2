// Preloaded (node --import) into the CLI by the Ctrl-C tests: writes "ready" on file descriptor 3
// when the CLI installs its SIGINT handler, so that a test signals only once Ctrl-C is handled,
// however slowly the process starts. Test support only: the CLI knows nothing of it.
import { writeSync } from 'node:fs';

process.on('newListener', (event) => {
  if (event === 'SIGINT') writeSync(3, 'ready\n');
});
