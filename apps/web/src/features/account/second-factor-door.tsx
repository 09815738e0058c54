import { Link } from 'react-router';
import { doorText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';
import { ErrorAlert } from '../ui/alert';

/**
 * The advertisers' door (issue 27): the account's site requires a second factor of it
 * and it has none, so the server refuses every ad change (403, `secondFactorRequired`)
 * until one is set up. Says so where ads are posted and listed, with the way to the
 * account page.
 */
export function AdvertiserSecondFactorDoor() {
  const door = useText(doorText);
  return (
    <div className="second-factor-door">
      <ErrorAlert>{door.advertiser}</ErrorAlert>
      <p className="card__actions card__actions--start">
        <Link className="button button--primary" to="/account">
          {door.action}
        </Link>
      </p>
    </div>
  );
}
