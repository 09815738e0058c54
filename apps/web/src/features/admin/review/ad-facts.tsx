import {
  businessOptions,
  consoleMessages,
  ethnicityOptions,
  hoursText,
  incallOptions,
  outcallOptions,
  ratesText,
  type AdReview,
} from '@adboard/shared';
import { optionLabel, rejectionReasonLabel } from '../labels';
import { formatWhen, formatWhenRelative, timeLeftText } from '../time-text';

const text = consoleMessages.review;
const facts = text.facts;

function verifiedText(verified: boolean): string {
  return verified ? text.verified : text.notVerified;
}

function deadlineText(deadline: string | null): string {
  if (!deadline) return consoleMessages.empty;
  const seconds = (Date.parse(deadline) - Date.now()) / 1000;
  return consoleMessages.time.when(formatWhen(deadline), timeLeftText(seconds));
}

/** What the public page shows of the ad, and the dates and state moderators need. */
export function AdFacts({ ad }: { ad: AdReview }) {
  const rows: [string, string][] = [
    [facts.postId, ad.postId],
    [facts.status, consoleMessages.statuses[ad.status]],
    [facts.type, consoleMessages.adTypes[ad.type]],
    [facts.paid, ad.paid ? consoleMessages.yes : consoleMessages.no],
    [facts.site, ad.siteId],
    [facts.location, `${ad.cityName}, ${ad.countryName}`],
    [facts.name, ad.name],
    [facts.age, String(ad.age)],
    [facts.ethnicity, optionLabel(ethnicityOptions, ad.ethnicity)],
    [facts.business, optionLabel(businessOptions, ad.business)],
    [facts.incalls, optionLabel(incallOptions, ad.incalls)],
    [facts.outcalls, optionLabel(outcallOptions, ad.outcalls)],
    [facts.phone, `${ad.phone} (${verifiedText(ad.phoneVerified)})`],
    [facts.email, `${ad.email} (${verifiedText(ad.emailVerified)})`],
    [facts.backlink, ad.backlink ?? consoleMessages.empty],
    [facts.rates, ratesText(ad.rates) ?? consoleMessages.empty],
    [facts.hours, hoursText(ad.hours) ?? consoleMessages.empty],
    [facts.startsOn, ad.startsOn ?? facts.startsAtApproval],
    [facts.created, formatWhenRelative(ad.createdAt)],
    [facts.submitted, formatWhenRelative(ad.submittedAt)],
    [facts.posted, formatWhenRelative(ad.postedAt)],
    [facts.expires, formatWhenRelative(ad.expiresAt)],
    [facts.premiumUntil, formatWhenRelative(ad.premiumUntil)],
  ];
  if (ad.status === 'pending') rows.push([facts.deadline, deadlineText(ad.deadline)]);
  if (ad.rejectionReason || ad.rejectionCode) {
    const label = ad.rejectionCode ? rejectionReasonLabel(ad.rejectionCode) : '';
    const reason = [label, ad.rejectionReason].filter(Boolean).join(': ');
    rows.push([facts.rejection, reason]);
  }
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The description as the public page shows it. The server sanitises it (the same
 * allow-list the public page uses) before it is stored, so its HTML is rendered as is.
 */
export function AdDescription({ html }: { html: string }) {
  return <div className="console__description" dangerouslySetInnerHTML={{ __html: html }} />;
}
