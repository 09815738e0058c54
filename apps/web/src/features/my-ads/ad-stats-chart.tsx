import type { AdStatsDay, Language } from '@adboard/shared';
import { adStatsText } from '../../i18n/areas';
import { useLanguage, useText } from '../../i18n/language-context';
import { dateFormat } from '../../lib/date-format';
import { niceMax, statsTotals } from './ad-stats-model';

const dayFormat = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateOf = (date: string, language: Language) =>
  dayFormat(new Date(`${date}T00:00:00Z`), language);

type Series = { key: string; className: string; value: (d: AdStatsDay) => number }[];

const W = 300;
const H = 64;

/**
 * Bars of one measure per day (stacked when several), on a scale of its own: three small
 * charts read at a glance on a phone. Drawn for the eye only (aria-hidden): the table
 * beside it holds the same figures for everyone.
 */
function Bars({
  days,
  series,
  label,
  total,
}: {
  days: readonly AdStatsDay[];
  series: Series;
  label: string;
  total: number;
}) {
  const top = niceMax(Math.max(0, ...days.map((d) => series.reduce((s, x) => s + x.value(d), 0))));
  const slot = W / Math.max(1, days.length);
  const gap = days.length > 40 ? 0.5 : 1.5;
  return (
    <figure className="ad-stats__panel">
      <figcaption className="ad-stats__panel-title">
        <span>{label}</span>
        <strong>{total}</strong>
      </figcaption>
      <div className="ad-stats__plot">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line className="ad-stats__axis" x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} />
          {days.map((d, i) => {
            let y = H;
            return series.map((s) => {
              const h = (s.value(d) / top) * (H - 2);
              y -= h;
              return h > 0 ? (
                <rect
                  key={`${d.date}-${s.key}`}
                  className={s.className}
                  x={i * slot + gap / 2}
                  y={y}
                  width={slot - gap}
                  height={h}
                />
              ) : null;
            });
          })}
        </svg>
        <span className="ad-stats__top" aria-hidden="true">
          {top}
        </span>
      </div>
    </figure>
  );
}

/** The chart of a period (views, appearances, taps by kind) and its table alternative. */
export function AdStatsChart({
  days,
  tableShown,
}: {
  days: readonly AdStatsDay[];
  tableShown: boolean;
}) {
  const m = useText(adStatsText);
  const { language } = useLanguage();
  const totals = statsTotals(days);
  const first = days[0];
  const last = days.at(-1);
  return (
    <div className="ad-stats__chart">
      {first && last && (
        <p className="ad-stats__range" aria-hidden="true">
          {dateOf(first.date, language)} – {dateOf(last.date, language)}
        </p>
      )}
      <div aria-hidden="true">
        <Bars
          days={days}
          label={m.legend.views}
          total={totals.views}
          series={[{ key: 'v', className: 'ad-stats__bar--views', value: (d) => d.views }]}
        />
        <Bars
          days={days}
          label={m.legend.appearances}
          total={totals.appearances}
          series={[
            { key: 'a', className: 'ad-stats__bar--appearances', value: (d) => d.appearances },
          ]}
        />
        <Bars
          days={days}
          label={m.legend.taps}
          total={totals.taps}
          series={[
            { key: 'c', className: 'ad-stats__bar--call', value: (d) => d.taps.call },
            { key: 't', className: 'ad-stats__bar--text', value: (d) => d.taps.text },
            { key: 'e', className: 'ad-stats__bar--email', value: (d) => d.taps.email },
          ]}
        />
        <ul className="ad-stats__keys">
          <li>
            <span className="ad-stats__swatch ad-stats__bar--call" />
            {m.legend.call} {totals.call}
          </li>
          <li>
            <span className="ad-stats__swatch ad-stats__bar--text" />
            {m.legend.text} {totals.text}
          </li>
          <li>
            <span className="ad-stats__swatch ad-stats__bar--email" />
            {m.legend.email} {totals.email}
          </li>
        </ul>
      </div>
      {/* Shown, it scrolls: a region the keyboard can reach. */}
      <div
        className={tableShown ? 'ad-stats__table-wrap' : 'visually-hidden'}
        {...(tableShown
          ? { tabIndex: 0, role: 'region', 'aria-label': m.chartCaption({ days: days.length }) }
          : {})}
      >
        <table className="ad-stats__table">
          <caption>{m.chartCaption({ days: days.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{m.columns.date}</th>
              <th scope="col">{m.columns.views}</th>
              <th scope="col">{m.columns.appearances}</th>
              <th scope="col">{m.columns.call}</th>
              <th scope="col">{m.columns.text}</th>
              <th scope="col">{m.columns.email}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">
                  <time dateTime={d.date}>{dateOf(d.date, language)}</time>
                </th>
                <td>{d.views}</td>
                <td>{d.appearances}</td>
                <td>{d.taps.call}</td>
                <td>{d.taps.text}</td>
                <td>{d.taps.email}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{m.totals}</th>
              <td>{totals.views}</td>
              <td>{totals.appearances}</td>
              <td>{totals.call}</td>
              <td>{totals.text}</td>
              <td>{totals.email}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
