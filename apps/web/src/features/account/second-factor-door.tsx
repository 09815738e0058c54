import { doorMessages } from '@adboard/shared';
import { Link } from 'react-router';
import { ErrorAlert } from '../ui/alert';

/**
 * The advertisers' door (issue 27): the account's site requires a second factor of it
 * and it has none, so the server refuses every ad change (403, `secondFactorRequired`)
 * until one is set up. Says so where ads are posted and listed, with the way to the
 * account page.
 */
export function AdvertiserSecondFactorDoor() {
  return (
    <div className="second-factor-door">
      <ErrorAlert>{doorMessages.advertiser}</ErrorAlert>
      <p className="card__actions card__actions--start">
        <Link className="button button--primary" to="/account">
          {doorMessages.action}
        </Link>
      </p>
    </div>
  );
}
