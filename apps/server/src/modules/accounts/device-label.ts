import { accountMessages, sayIn, type Language } from '@adboard/shared';

/**
 * What a User-Agent header says, by the product's name: names are the same in every
 * language, so they are no catalogue texts (the catalogue has the words around them).
 */
type NamePatterns = readonly (readonly [RegExp, string])[];

/**
 * The first match wins: browsers built on another name it too (Edge, Opera and
 * Samsung Internet say Chrome; Chrome says Safari), so the specific ones come first.
 */
const browserPatterns: NamePatterns = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Android says Linux, iPhones say Mac OS X: the specific ones come first. */
const systemPatterns: NamePatterns = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(agent: string, patterns: NamePatterns): string | null {
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
  if (browser && system) return sayIn(language, accountMessages.device.on({ browser, system }));
  return browser ?? system ?? sayIn(language, accountMessages.device.unknown);
}
