/**
 * A systemd unit file: [Section] headers, Key=Value lines (a key may repeat), #
 * and ; comments. Enough of systemd.syntax(7) for this project's units.
 */
export type UnitFile = Record<string, Record<string, string[]>>;

export function parseUnitFile(text: string): UnitFile {
  const unit: UnitFile = {};
  let section: Record<string, string[]> | undefined;
  for (const line of text.split('\n')) {
    if (/^\s*([#;]|$)/.test(line)) continue;
    const [, header] = /^\[(\w+)\]\s*$/.exec(line) ?? [];
    if (header) {
      section = unit[header] ??= {};
      continue;
    }
    const [, key, value] = /^(\w+)=(.*)$/.exec(line) ?? [];
    if (key === undefined || value === undefined || !section) {
      throw new Error(`not a unit file line: ${line}`);
    }
    (section[key] ??= []).push(value.trim());
  }
  return unit;
}

/** `Environment=A=1 B=2` lines as one map (later lines win, as in systemd). */
export function environmentOf(service: Record<string, string[]>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of service.Environment ?? []) {
    for (const pair of line.split(/\s+/)) {
      const [name = '', ...value] = pair.split('=');
      if (name) env[name] = value.join('=');
    }
  }
  return env;
}
