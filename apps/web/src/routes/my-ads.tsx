import { Link } from 'react-router';
import { AdvertiserSecondFactorDoor } from '../features/account/second-factor-door';
import { useRole } from '../features/admin/use-role';
import { RequireAuth } from '../features/auth/require-auth';
import { useSignOutOnUnauthorized } from '../features/auth/use-sign-out-on-unauthorized';
import { AdList } from '../features/my-ads/ad-list';
import { useMyAds } from '../features/my-ads/use-my-ads';
import { useDocumentTitle } from '../features/site/site-context';
import { LoadFailed } from '../features/ui/load-failed';
import { ScreenCard } from '../features/ui/screen-card';
import { Spinner } from '../features/ui/spinner';
import '../features/my-ads/ad-list.css';
import { frameText, answersText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

export default function MyAdsScreen() {
  useDocumentTitle(useText(frameText).myPosts);
  return (
    <RequireAuth>
      <MyAds />
    </RequireAuth>
  );
}

function MyAds() {
  const answer = useText(answersText);
  const frame = useText(frameText);
  const ads = useMyAds();
  const { secondFactorMissing } = useRole();
  const unauthorized = useSignOutOnUnauthorized(ads.error);

  const newAdLink = (
    <Link className="button button--primary" to="/edit-post">
      {answer.posts.postNewAd}
    </Link>
  );

  return (
    <ScreenCard title={frame.myPosts} width="wide">
      {secondFactorMissing && <AdvertiserSecondFactorDoor />}
      <div className="posts" aria-busy={ads.isPending}>
        {ads.isPending && <Spinner overlay />}
        {ads.isError && !unauthorized && <LoadFailed query={ads} />}
        {ads.data && ads.data.length === 0 && (
          <div className="empty">
            <p>{answer.posts.noPosts}</p>
            <p className="card__actions">{newAdLink}</p>
          </div>
        )}
        {ads.data && ads.data.length > 0 && (
          <>
            <p className="card__actions card__actions--start">{newAdLink}</p>
            <AdList posts={ads.data} />
          </>
        )}
      </div>
    </ScreenCard>
  );
}
