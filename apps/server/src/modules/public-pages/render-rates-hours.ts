import {
  adOptionsText,
  formatMoneyIn,
  hasHours,
  rateDurations,
  ratePlaces,
  weekDays,
  type DayHours,
  type Language,
  type Rate,
  type WeekHours,
} from '@adboard/shared';
import { escapeHtml } from './html.js';

type RatesText = ReturnType<typeof adOptionsText>['rates'];

/**
 * The rates as a small table: a row per duration given, a column per place given
 * (incall, outcall), each amount in the site's currency; an empty cell where that
 * duration is not offered there.
 */
function ratesTable(
  rates: readonly Rate[],
  currency: string,
  language: Language,
  m: RatesText,
): string {
  const places = ratePlaces.filter((place) => rates.some((rate) => rate.place === place));
  const durations = rateDurations.filter((d) => rates.some((rate) => rate.duration === d));
  const head =
    `<tr><th scope="col">${escapeHtml(m.durationLabel)}</th>` +
    places.map((place) => `<th scope="col">${escapeHtml(m.places[place])}</th>`).join('') +
    '</tr>';
  const body = durations
    .map((duration) => {
      const cells = places.map((place) => {
        const rate = rates.find((r) => r.duration === duration && r.place === place);
        return `<td>${rate ? escapeHtml(formatMoneyIn(rate.amount, currency, language)) : ''}</td>`;
      });
      return `<tr><th scope="row">${escapeHtml(m.durations[duration])}</th>${cells.join('')}</tr>`;
    })
    .join('');
  return `<table class="rates"><caption>${escapeHtml(m.ratesLabel)}</caption><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** The week, Monday first: a row per day with its hours in words. */
/** One day's hours in words: closed, by appointment, or from one time to another. */
function dayText(day: DayHours, m: RatesText): string {
  if (day === 'closed' || day === 'appointment') return m.dayKinds[day];
  return m.openHours({ from: day.from, to: day.to });
}

function hoursTable(week: WeekHours, m: RatesText): string {
  const rows = weekDays
    .map(
      (day) =>
        `<tr><th scope="row">${escapeHtml(m.days[day])}</th><td>${escapeHtml(dayText(week[day], m))}</td></tr>`,
    )
    .join('');
  return `<table class="rates"><caption>${escapeHtml(m.hoursLabel)}</caption><tbody>${rows}</tbody></table>`;
}

/** The ad page's rates and hours (issue 29), or nothing when the poster gave neither. */
export function ratesAndHoursSection(
  ad: { rates: readonly Rate[]; hours: WeekHours | null },
  currency: string,
  language: Language,
): string {
  const m = adOptionsText(language).rates;
  const parts = [
    ad.rates.length > 0 ? ratesTable(ad.rates, currency, language, m) : '',
    hasHours(ad.hours) ? hoursTable(ad.hours, m) : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  return `<section class="card times">${parts.join('')}</section>`;
}
