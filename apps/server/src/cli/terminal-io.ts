import { createInterface } from 'node:readline';
import type { CliIo } from './command.js';

/**
 * The CLI's input and output on this process: results on stdout, everything else on
 * stderr; a secret typed on the terminal without echo, or read as the next line of a
 * pipe.
 */
export function terminalIo(): CliIo {
  let pipedLines: AsyncIterator<string> | null = null;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    write: (text) => process.stdout.write(text),
    err: (line) => process.stderr.write(`${line}\n`),
    async askSecret(prompt) {
      if (process.stdin.isTTY) return readHidden(prompt);
      pipedLines ??= createInterface({ input: process.stdin, terminal: false })[
        Symbol.asyncIterator
      ]();
      const next = await pipedLines.next();
      return next.done ? '' : next.value;
    },
    terminal: process.stdin.isTTY === true,
  };
}

/** One line from the terminal with echo off; Ctrl-C ends the command (130). */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const done = (value: string) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done(typed);
        if (char === '\u0003') {
          done('');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}
