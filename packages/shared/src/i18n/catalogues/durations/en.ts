/**
 * A wait in words ('3 minutes'): the unit the wait rule chooses (`waitUnit`, i18n/wait.ts),
 * for every screen, page and message that says how long to wait; and how long a paid
 * option runs ('30 days', '6 months').
 */
export default {
  seconds: '{n, plural, one {# second} other {# seconds}}',
  minutes: '{n, plural, one {# minute} other {# minutes}}',
  hours: '{n, plural, one {# hour} other {# hours}}',
  /** A paid option's length ('30 days', '6 months'): the price options, the receipt (prices.ts, `durationSaid`). */
  days: '{n, plural, one {# day} other {# days}}',
  months: '{n, plural, one {# month} other {# months}}',
} as const;
