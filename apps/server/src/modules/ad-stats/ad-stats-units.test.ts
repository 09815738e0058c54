import { describe, expect, it } from 'vitest';
import { isCrawler } from './crawler-rule.js';
import { createStatsCounter, type StatsDelta } from './stats-counter.js';
import { lastDays, noCounts, statsRows, utcDay } from './stats-days.js';
import { createVisitorOnce } from './visitor-once.js';

const PERSON =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('the crawler rule', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1',
    'WhatsApp/2.23.20.0',
    'TelegramBot (like TwitterBot)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'curl/8.5.0',
    'python-requests/2.31',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36',
    '',
    undefined,
  ])('does not count %s', (agent) => {
    expect(isCrawler(agent)).toBe(true);
  });

  it('counts a person’s browser', () => {
    expect(isCrawler(PERSON)).toBe(false);
    expect(
      isCrawler('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe(false);
  });
});

describe('the days of the statistics', () => {
  it('names the last days up to today (UTC), oldest first, across a month', () => {
    expect(lastDays(3, new Date('2026-03-01T23:59:59Z'))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(utcDay(new Date('2026-12-03T00:00:00+02:00'))).toBe('2026-12-02');
  });

  it('fills the days nothing was counted on with zeros', () => {
    const rows = statsRows(
      ['2026-01-01', '2026-01-02'],
      new Map([['2026-01-02', { ...noCounts(), view: 4, call: 1 }]]),
    );
    expect(rows).toEqual([
      { date: '2026-01-01', appearances: 0, views: 0, taps: { call: 0, text: 0, email: 0 } },
      { date: '2026-01-02', appearances: 0, views: 4, taps: { call: 1, text: 0, email: 0 } },
    ]);
  });
});

describe('once a day per visitor', () => {
  it('marks a visitor once per ad and kind, and forgets everything with the day', () => {
    let now = Date.parse('2026-12-03T23:59:00Z');
    const once = createVisitorOnce({ now: () => now });
    expect(once.firstToday('appearance', [1, 2], '10.0.0.1')).toEqual([1, 2]);
    expect(once.firstToday('appearance', [2, 3], '10.0.0.1')).toEqual([3]);
    expect(once.firstToday('view', [2], '10.0.0.1')).toEqual([2]);
    expect(once.firstToday('view', [2], '10.0.0.2')).toEqual([2]);
    now += 120_000;
    expect(once.day()).toBe('2026-12-04');
    expect(once.firstToday('view', [2], '10.0.0.1')).toEqual([2]);
    // The day is kept to its last millisecond, and changes at midnight UTC exactly.
    now = Date.parse('2026-12-04T23:59:59.999Z');
    expect(once.firstToday('view', [2], '10.0.0.1')).toEqual([]);
    now += 1;
    expect(once.day()).toBe('2026-12-05');
    expect(once.firstToday('view', [2], '10.0.0.1')).toEqual([2]);
    // A clock set back a day starts that day afresh too.
    now = Date.parse('2026-12-04T12:00:00Z');
    expect(once.day()).toBe('2026-12-04');
    expect(once.firstToday('view', [2], '10.0.0.1')).toEqual([2]);
  });
});

describe('the counter', () => {
  const store = () => {
    const batches: StatsDelta[][] = [];
    let fail = false;
    return {
      batches,
      failNext: () => (fail = true),
      store: {
        add: async (batch: readonly StatsDelta[]) => {
          if (fail) {
            fail = false;
            throw new Error('database down');
          }
          batches.push(batch.map((d) => ({ ...d, counts: { ...d.counts } })));
        },
        prune: async () => undefined,
      },
    };
  };
  const person = (address: string) => ({ address, userAgent: PERSON });

  it('adds a batch per ad and day, keeps a failed batch for the next, and writes the rest at close', async () => {
    const s = store();
    const counter = createStatsCounter({
      store: s.store,
      flushMs: 60_000,
      onError: () => undefined,
    });
    counter.count('view', [7], person('10.0.0.1'));
    counter.count('appearance', [7, 8], person('10.0.0.1'));
    counter.count('view', [7], { address: '10.0.0.2', userAgent: 'Googlebot/2.1' });
    s.failNext();
    await counter.flush();
    expect(s.batches).toEqual([]);
    counter.count('call', [7], person('10.0.0.3'));
    await counter.close();
    const written = s.batches.flat();
    expect(written.find((d) => d.adId === 7)?.counts).toEqual({
      ...noCounts(),
      view: 1,
      appearance: 1,
      call: 1,
    });
    expect(written.find((d) => d.adId === 8)?.counts).toEqual({ ...noCounts(), appearance: 1 });
  });
});
