import { consoleMessages, type AdReview } from '@adboard/shared';
import { Link, useParams } from 'react-router';
import { AuditTable } from '../features/admin/audit-table';
import { ConsoleSection } from '../features/admin/console-section';
import { useQueuePath } from '../features/admin/queue-path';
import { QueryView } from '../features/admin/query-view';
import { ReportsTable } from '../features/admin/reports-table';
import { AdDescription, AdFacts } from '../features/admin/review/ad-facts';
import { DecisionPanel } from '../features/admin/review/decision-panel';
import { PaymentsTable } from '../features/admin/review/payments-table';
import { PreviewButton } from '../features/admin/review/preview-button';
import { OwnerAds, ReviewFlags, ReviewOwner } from '../features/admin/review/review-owner';
import { ReviewPhotos } from '../features/admin/review/review-photos';
import { RevisionChanges } from '../features/admin/review/revision-changes';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { adminApi } from '../lib/admin-api';

const text = consoleMessages.review;

/** /admin/posts/:id: one ad with everything a moderator needs to decide on it. */
export default function ReviewScreen() {
  const { id = '' } = useParams();
  const review = useAdminQuery(['review', id], () => adminApi.review(id), id !== '');
  return (
    <QueryView query={review} notFound={text.notFound}>
      {(ad) => <AdReviewView ad={ad} />}
    </QueryView>
  );
}

function AdReviewView({ ad }: { ad: AdReview }) {
  useDocumentTitle(`${text.facts.postId} ${ad.postId}`);
  const queuePath = useQueuePath();
  return (
    <ScreenCard title={ad.title} width="wide">
      <p className="card__actions card__actions--start">
        <Link className="button button--secondary" to={queuePath}>
          {text.back}
        </Link>
        <PreviewButton postId={ad.postId} />
      </p>
      <ConsoleSection title={text.decisionHeading}>
        {/* Keyed by ad: moving to another ad starts with an empty form. */}
        <DecisionPanel key={ad.postId} ad={ad} />
      </ConsoleSection>
      {ad.revision && (
        <ConsoleSection title={text.revisionHeading}>
          <RevisionChanges revision={ad.revision} />
        </ConsoleSection>
      )}
      <ConsoleSection title={text.flagsHeading}>
        <ReviewFlags flags={ad.flags} />
      </ConsoleSection>
      <ConsoleSection title={text.adHeading}>
        <AdFacts ad={ad} />
        <h3 className="console__subheading">{text.descriptionHeading}</h3>
        <AdDescription html={ad.descriptionHtml} />
      </ConsoleSection>
      <ConsoleSection title={text.photosHeading}>
        <ReviewPhotos photos={ad.photos} verificationCode={ad.verificationPhotoCode} />
      </ConsoleSection>
      <ConsoleSection title={text.ownerHeading}>
        <ReviewOwner owner={ad.owner} />
      </ConsoleSection>
      <ConsoleSection title={text.otherAdsHeading}>
        <OwnerAds ads={ad.ownerAds} />
      </ConsoleSection>
      <ConsoleSection title={text.paymentsHeading}>
        <PaymentsTable payments={ad.payments} />
      </ConsoleSection>
      <ConsoleSection title={text.reportsHeading}>
        {ad.reports.length === 0 ? (
          <p className="empty">{text.noReports}</p>
        ) : (
          <ReportsTable reports={ad.reports} label={text.reportsHeading} showAd={false} />
        )}
      </ConsoleSection>
      <ConsoleSection title={text.historyHeading}>
        {ad.history.length === 0 ? (
          <p className="empty">{text.noHistory}</p>
        ) : (
          <AuditTable entries={ad.history} label={text.historyHeading} showTarget={false} />
        )}
      </ConsoleSection>
    </ScreenCard>
  );
}
