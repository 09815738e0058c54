import { adMessages } from '@adboard/shared';
import { Link } from 'react-router';
import { StatusNotice } from '../ui/alert';
import { ViewHeading } from './view-heading';

/** A paid ad is saved with its photos: payment follows (built by a later issue). */
export function SavedView({
  loggedIn,
  onEdit,
  onEditPhotos,
  focusHeading,
}: {
  loggedIn: boolean;
  onEdit: () => void;
  onEditPhotos: () => void;
  focusHeading: boolean;
}) {
  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>Ad saved</ViewHeading>
      <StatusNotice>{adMessages.wizard.saved}</StatusNotice>
      <p>{adMessages.wizard.paymentNext}</p>
      <p className="wizard__actions">
        <button type="button" className="button button--secondary" onClick={onEdit}>
          Edit the ad
        </button>
        <button type="button" className="button button--secondary" onClick={onEditPhotos}>
          Edit photos
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
