import { Link } from 'react-router';
import './wizard.css';
import { frameText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

/** After a step is done: the way to My Posts, for a signed-in advertiser (none otherwise). */
export function MyPostsAction({ loggedIn }: { loggedIn: boolean }) {
  const frame = useText(frameText);
  if (!loggedIn) return null;
  return (
    <p className="wizard__actions">
      <Link className="button button--primary" to="/posts">
        {frame.myPosts}
      </Link>
    </p>
  );
}
