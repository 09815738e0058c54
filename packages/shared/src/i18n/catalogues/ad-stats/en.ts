/** Each ad's statistics on My Posts (issue 29): the card's line and the chart's dialog. */
export default {
  summary:
    'Last {cardDays} days: {views, plural, one {# view} other {# views}}, {taps, plural, one {# tap} other {# taps}}',
  summaryLoading: 'Loading statistics…',
  summaryFailed: 'Statistics are not available right now.',
  open: 'Statistics',
  title: 'Statistics: {adTitle}',
  rangeLabel: 'Period',
  range: '{days} days',
  close: 'Close',
  showTable: 'Show as a table',
  hideTable: 'Hide the table',
  chartCaption: 'Views, appearances in city lists and contact taps per day, last {days} days',
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
