import { cliMessages } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { exitCodes, generalHelp, runCli } from '../../src/cli/cli.js';
import { cliCommands } from '../../src/cli/commands/index.js';

/** The CLI with no database at all: help and usage never open one. */
async function run(argv: string[], env: NodeJS.ProcessEnv = { NODE_ENV: 'test' }) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    write: (text) => out.push(text),
    err: (line) => err.push(line),
    askSecret: async () => '',
    terminal: false,
  };
  const code = await runCli(argv, {
    io,
    env: { ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
  });
  return { code, out, err };
}

describe('the command line: help, usage and exit codes', () => {
  it('lists every command with what it does on --help, exit 0', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(exitCodes.ok);
    expect(help.out).toEqual(generalHelp(cliCommands));
    for (const command of cliCommands) {
      expect(
        help.out.some((line) => line.includes(command.name) && line.includes(command.summary)),
      ).toBe(true);
    }
  });

  it('shows each command its usage and every option on --help', async () => {
    for (const command of cliCommands) {
      const help = await run([command.name, '--help']);
      expect(help.code).toBe(0);
      expect(help.out[0]).toBe(cliMessages.commandUsage(command.name, command.usage));
      for (const [option, spec] of Object.entries(command.options)) {
        expect(
          help.out.some((line) => line.includes(`--${option}`) && line.includes(spec.description)),
        ).toBe(true);
      }
    }
  });

  it('answers no command or an unknown one with exit 2', async () => {
    const none = await run([]);
    expect(none.code).toBe(exitCodes.usage);
    expect(none.err[0]).toBe(cliMessages.noCommand);
    const unknown = await run(['frobnicate']);
    expect(unknown).toMatchObject({
      code: 2,
      err: [cliMessages.unknownCommand('frobnicate'), cliMessages.helpHint],
    });
  });

  it('refuses to run on settings the server would refuse, with one line and exit 1', async () => {
    const refused = await run(['ban', '--email', 'a@example.com', '--reason', 'spam'], {
      NODE_ENV: 'production',
    });
    expect(refused.code).toBe(exitCodes.refused);
    expect(refused.err).toHaveLength(1);
    expect(refused.err[0]).toMatch(/^cannot run: /);
  });

  it('says in one line that the database cannot be reached, exit 1', async () => {
    const failed = await run(['ban', '--email', 'a@example.com', '--reason', 'spam']);
    expect(failed.code).toBe(exitCodes.refused);
    expect(failed.err).toHaveLength(1);
    expect(failed.err[0]).toMatch(/^failed: /);
  });
});
