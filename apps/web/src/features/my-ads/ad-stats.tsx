import { adStatsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';
import { adStatsLimits, type AdListRow } from '@adboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adStatsApi } from '../../lib/ad-stats-api';
import { Dialog, DialogActions } from '../ui/dialog';
import { AdStatsChart } from './ad-stats-chart';
import { adStatsKey, statsTotals } from './ad-stats-model';
import './ad-stats.css';

/** Counts change slowly for the owner: read again at most every minute. */
const STALE_MS = 60_000;

function useAdStats(postId: string, days: number) {
  return useQuery({
    queryKey: adStatsKey(postId, days),
    queryFn: () => adStatsApi.get(postId, days),
    staleTime: STALE_MS,
  });
}

/**
 * A card's statistics (issue 29): the last 7 days' views and taps, and the button that
 * opens the chart of 30 or 90 days. Only an ad that has been public has any.
 */
export function AdCardStats({ ad, titleId }: { ad: AdListRow; titleId: string }) {
  const m = useText(adStatsText);
  const [open, setOpen] = useState(false);
  const week = useAdStats(ad.postId, adStatsLimits.cardDays);
  if (ad.posted === null) return null;
  const totals = week.data ? statsTotals(week.data.days) : null;
  return (
    <div className="ad-stats">
      <p className="ad-stats__summary" aria-live="polite">
        {totals
          ? m.summary({ cardDays: adStatsLimits.cardDays, views: totals.views, taps: totals.taps })
          : week.isError
            ? m.summaryFailed
            : m.summaryLoading}
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => setOpen(true)}
        aria-describedby={titleId}
        aria-haspopup="dialog"
      >
        {m.open}
      </button>
      {open && <AdStatsDialog ad={ad} onClose={() => setOpen(false)} />}
    </div>
  );
}

function AdStatsDialog({ ad, onClose }: { ad: AdListRow; onClose: () => void }) {
  const m = useText(adStatsText);
  const [days, setDays] = useState<number>(adStatsLimits.defaultDays);
  const [tableShown, setTableShown] = useState(false);
  const stats = useAdStats(ad.postId, days);
  return (
    <Dialog title={m.title({ adTitle: ad.title })} description={m.note} onClose={onClose}>
      <div className="ad-stats__periods" role="group" aria-label={m.rangeLabel}>
        {adStatsLimits.chartDays.map((n) => (
          <button
            key={n}
            type="button"
            className="button button--secondary button--small"
            aria-pressed={days === n}
            onClick={() => setDays(n)}
          >
            {m.range({ days: n })}
          </button>
        ))}
      </div>
      <div aria-busy={stats.isFetching}>
        {stats.data ? (
          <AdStatsChart days={stats.data.days} tableShown={tableShown} />
        ) : (
          <p role="status">{stats.isError ? m.summaryFailed : m.summaryLoading}</p>
        )}
      </div>
      <DialogActions>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={tableShown}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? m.hideTable : m.showTable}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          {m.close}
        </button>
      </DialogActions>
    </Dialog>
  );
}
