import { describe, expect, it } from 'vitest';
import { readRepoFile } from './repo-files.js';
import { environmentOf, parseUnitFile } from './unit-file.js';

/**
 * deploy/adboard.service, the unit of Deployment → One machine. No systemd on this
 * machine: what is checked is what the file says.
 */
const unit = parseUnitFile(readRepoFile('deploy/adboard.service'));
const service = unit.Service ?? {};
const single = (key: string) => {
  const values = service[key] ?? [];
  expect(values, key).toHaveLength(1);
  return values[0];
};

describe('the systemd unit of one machine', () => {
  it("runs the server bundle with the project's own Node, from the checkout", () => {
    const directory = single('WorkingDirectory');
    expect(single('ExecStart')).toBe(
      `${directory}/node_modules/.bin/node apps/server/dist/main.js`,
    );
    expect(single('User')).toBe('adboard');
    expect(unit.Install?.WantedBy).toEqual(['multi-user.target']);
  });

  it('runs in production with two malloc arenas, behind one proxy', () => {
    const env = environmentOf(service);
    expect(env.NODE_ENV).toBe('production');
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    expect(env.TRUST_PROXY).toBe('1');
    expect(env.HOST).toBe('127.0.0.1');
  });

  it('sends SIGTERM to the server alone and gives it longer than its own 25 s deadline', () => {
    // mixed: the server stops what it started itself; SIGKILL only for what outlives it.
    expect(single('KillMode')).toBe('mixed');
    expect(single('KillSignal')).toBe('SIGTERM');
    expect(Number(single('TimeoutStopSec'))).toBeGreaterThan(25);
    // An ExecStopPost= would keep mixed from killing what is left (systemd issue 14566).
    expect(service.ExecStopPost).toBeUndefined();
    expect(single('Restart')).toBe('on-failure');
  });

  it('can write to its state folder only (/var/lib/adboard: DATA_DIR for local photos)', () => {
    expect(single('ProtectSystem')).toBe('strict');
    expect(single('StateDirectory')).toBe('adboard');
    expect(single('NoNewPrivileges')).toBe('true');
  });
});
