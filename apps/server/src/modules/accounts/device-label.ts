import { accountMessages, sayIn, type Language, type Said } from '@adboard/shared';

const { browsers, systems } = accountMessages.device;

/**
 * The first match wins: browsers built on another name it too (Edge, Opera and
 * Samsung Internet say Chrome; Chrome says Safari), so the specific ones come first.
 */
const browserPatterns: [RegExp, keyof typeof browsers][] = [
  [/\bEdg(e|A|iOS)?\//, 'edge'],
  [/\b(OPR|OPiOS)\//, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\b(Firefox|FxiOS)\//, 'firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'safari'],
];

/** Android says Linux, iPhones say Mac OS X: the specific ones come first. */
const systemPatterns: [RegExp, keyof typeof systems][] = [
  [/\biPhone\b/, 'iphone'],
  [/\biPad\b/, 'ipad'],
  [/\bAndroid\b/, 'android'],
  [/\bWindows\b/, 'windows'],
  [/\bCrOS\b/, 'chromeos'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macos'],
  [/\bLinux\b/, 'linux'],
];

function firstMatch<K extends string>(agent: string, patterns: [RegExp, K][]): K | null {
  return patterns.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
}

/**
 * "Chrome on Windows" from a User-Agent header, read here and nowhere else (no
 * outside service, no package): the browser and the system when both are known,
 * either alone, else an unknown device. Headers can say anything: this is a hint
 * for the owner, never a security decision.
 */
export function deviceLabel(userAgent: string | null, language: Language): string {
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, browserPatterns);
  const system = firstMatch(agent, systemPatterns);
  const say = (text: Said) => sayIn(language, text);
  if (browser && system) {
    return say(
      accountMessages.device.on({ browser: say(browsers[browser]), system: say(systems[system]) }),
    );
  }
  if (browser) return say(browsers[browser]);
  if (system) return say(systems[system]);
  return say(accountMessages.device.unknown);
}
