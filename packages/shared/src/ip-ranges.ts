/**
 * Which IP addresses are public. Used by the url rule (on the literal host of a
 * URL, after the URL parser has turned decimal, octal and hex IPv4 forms into
 * dotted quads) and by the server on every address it actually connects to.
 */
function parseIpv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

function isPrivateIpv4(b: number[]): boolean {
  const [a = 0, c = 0, d = 0] = b;
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && c >= 64 && c <= 127) || // carrier-grade NAT
    (a === 169 && c === 254) || // link-local, cloud metadata
    (a === 172 && c >= 16 && c <= 31) ||
    (a === 192 && c === 168) ||
    (a === 192 && c === 0 && (d === 0 || d === 2)) || // IETF, TEST-NET-1
    (a === 198 && (c === 18 || c === 19)) || // benchmarking
    (a === 198 && c === 51) || // TEST-NET-2
    (a === 203 && c === 0) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

/** Expands an IPv6 text (no brackets, no zone) to eight 16-bit groups. */
function parseIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (dotted.includes('.')) {
    const v4 = parseIpv4(dotted);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    tail = [(a << 8) | b, (c << 8) | d];
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = toGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const values = groups.map((g) => parseInt(g, 16));
  if (tail.length === 2) values.splice(6, 2, ...tail);
  return values;
}

function isPrivateIpv6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = g;
  const allZeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (allZeroTo(7) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (allZeroTo(5) && g5 === 0xffff) {
    return isPrivateIpv4([g6 >> 8, g6 & 255, g7 >> 8, g7 & 255]); // IPv4-mapped
  }
  if (allZeroTo(6)) return isPrivateIpv4([g6 >> 8, g6 & 255, g7 >> 8, g7 & 255]); // IPv4-compatible
  if (g0 === 0x64 && g1 === 0xff9b) return isPrivateIpv4([g6 >> 8, g6 & 255, g7 >> 8, g7 & 255]); // NAT64
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x2002) return isPrivateIpv4([g1 >> 8, g1 & 255, g2 >> 8, g2 & 255]); // 6to4
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo
  return false;
}

export type IpKind = 'public' | 'private' | 'invalid';

/** Classifies an IP address text (IPv4 dotted quad, or IPv6 with or without brackets). */
export function classifyIp(address: string): IpKind {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = parseIpv4(bare);
  if (v4) return isPrivateIpv4(v4) ? 'private' : 'public';
  const v6 = bare.includes(':') ? parseIpv6(bare) : null;
  if (v6) return isPrivateIpv6(v6) ? 'private' : 'public';
  return 'invalid';
}

export function isIpLiteral(host: string): boolean {
  return classifyIp(host) !== 'invalid';
}
