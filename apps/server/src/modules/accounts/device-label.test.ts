import { accountMessages, sayIn } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label.js';

// Real User-Agent headers, as those browsers send them.
const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('deviceLabel: a device name from the User-Agent header, without any outside service', () => {
  it.each([
    [agents.chromeWindows, 'Chrome on Windows'],
    [agents.edgeWindows, 'Edge on Windows'],
    [agents.safariIphone, 'Safari on iPhone'],
    [agents.chromeIphone, 'Chrome on iPhone'],
    [agents.firefoxLinux, 'Firefox on Linux'],
    [agents.firefoxIpad, 'Firefox on iPad'],
    [agents.safariMac, 'Safari on macOS'],
    [agents.chromeAndroid, 'Chrome on Android'],
    [agents.samsungAndroid, 'Samsung Internet on Android'],
    [agents.operaMac, 'Opera on macOS'],
    [agents.chromeOs, 'Chrome on ChromeOS'],
  ])('%s → %s', (agent, label) => {
    expect(deviceLabel(agent, 'en')).toBe(label);
  });

  it('names what it knows when only the browser or only the system is recognised', () => {
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeBot/1.0', 'en')).toBe(
      'Windows',
    );
    expect(deviceLabel('Mozilla/5.0 (compatible) Firefox/133.0', 'en')).toBe('Firefox');
  });

  it('calls anything else, and a session without a user agent, an unknown device', () => {
    expect(deviceLabel('curl/8.5.0', 'en')).toBe(sayIn('en', accountMessages.device.unknown));
    expect(deviceLabel('', 'en')).toBe(sayIn('en', accountMessages.device.unknown));
    expect(deviceLabel(null, 'en')).toBe(sayIn('en', accountMessages.device.unknown));
  });

  it('says the words around the names in the reader’s language, the names as they are', () => {
    expect(deviceLabel(agents.chromeWindows, 'fr-CA')).toBe('Chrome sur Windows');
    expect(deviceLabel(agents.samsungAndroid, 'es')).toBe('Samsung Internet en Android');
    expect(deviceLabel('Mozilla/5.0 (compatible) Firefox/133.0', 'fr-CA')).toBe('Firefox');
    expect(deviceLabel(null, 'es')).toBe(sayIn('es', accountMessages.device.unknown));
  });
});
