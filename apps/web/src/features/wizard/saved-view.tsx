import { adMessages } from '@adboard/shared';
import { Link } from 'react-router';
import { StatusNotice } from '../ui/alert';
import { ViewHeading } from './view-heading';

/** A paid ad is saved: photos and payment follow (built by later issues). */
export function SavedView({
  loggedIn,
  onEdit,
  focusHeading,
}: {
  loggedIn: boolean;
  onEdit: () => void;
  focusHeading: boolean;
}) {
  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>Ad saved</ViewHeading>
      <StatusNotice>{adMessages.wizard.saved}</StatusNotice>
      <p>{adMessages.wizard.photosNext}</p>
      <p>{adMessages.wizard.paymentNext}</p>
      <p className="wizard__actions">
        <button type="button" className="button button--secondary" onClick={onEdit}>
          Edit the ad
        </button>
        {loggedIn && (
          <Link className="button button--primary" to="/posts">
            My Posts
          </Link>
        )}
      </p>
    </section>
  );
}
