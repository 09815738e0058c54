import os from 'node:os';
import type { Operator } from '../domain/actor.js';

/**
 * The operator at the command line: whoever can run it on the server's machine with
 * its settings holds the database itself, so the CLI acts with an admin's rights. It
 * is no account of the site: the audit log names it `cli:<machine user>`.
 */
export function cliOperator(machineUser: string = currentMachineUser()): Operator {
  return { id: null, email: `cli:${machineUser}`, role: 'admin' };
}

function currentMachineUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? String(process.getuid?.() ?? 'unknown');
  }
}
