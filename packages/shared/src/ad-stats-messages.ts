import { adStatsLimits } from './ad-stats-limits.js';

/** Texts of each ad's statistics (issue 29). Part of the message catalogue. */
export const adStatsMessages = {
  days: `Please ask for 1 to ${adStatsLimits.maxDays} days.`,
  summary: (views: number, taps: number) =>
    `Last ${adStatsLimits.cardDays} days: ${views} ${views === 1 ? 'view' : 'views'}, ${taps} ${taps === 1 ? 'tap' : 'taps'}`,
  summaryLoading: 'Loading statistics…',
  summaryFailed: 'Statistics are not available right now.',
  open: 'Statistics',
  title: (adTitle: string) => `Statistics: ${adTitle}`,
  rangeLabel: 'Period',
  range: (days: number) => `${days} days`,
  close: 'Close',
  showTable: 'Show as a table',
  hideTable: 'Hide the table',
  chartCaption: (days: number) =>
    `Views, appearances in city lists and contact taps per day, last ${days} days`,
  totals: 'Totals',
  /** The table's headings: short, so six columns fit a phone. */
  columns: {
    date: 'Date',
    appearances: 'In lists',
    views: 'Views',
    call: 'Calls',
    text: 'Texts',
    email: 'Emails',
  },
  legend: {
    appearances: 'Appearances on city pages',
    views: 'Ad page views',
    taps: 'Taps on contacts',
    call: 'Call taps',
    text: 'Text taps',
    email: 'Email taps',
  },
  note: 'Each visitor counts once a day. Search engines and link previews are not counted.',
} as const;
