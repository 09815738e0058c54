import { cliMessages } from '@adboard/shared';
import { runCli } from './cli/cli.js';
import { terminalIo } from './cli/terminal-io.js';

/**
 * The operator's command line (`npm run cli -- <command>`, or the server package's
 * `adboard` bin): one command, then the exit code (cli/cli.ts says which).
 */
const code = await runCli(process.argv.slice(2), { io: terminalIo() }).catch((error: unknown) => {
  process.stderr.write(
    `${cliMessages.failed(error instanceof Error ? error.message : String(error))}\n`,
  );
  return 1;
});
process.exitCode = code;
// Everything is closed by now; a handle a library left open must not keep the shell waiting.
setTimeout(() => process.exit(code), 2000).unref();
