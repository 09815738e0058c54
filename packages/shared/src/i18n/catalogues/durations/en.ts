/**
 * A wait in words ('3 minutes'): the unit the wait rule chooses (`waitUnit`, i18n/wait.ts),
 * for every screen, page and message that says how long to wait.
 */
export default {
  seconds: '{n, plural, one {# second} other {# seconds}}',
  minutes: '{n, plural, one {# minute} other {# minutes}}',
  hours: '{n, plural, one {# hour} other {# hours}}',
} as const;
