import { menuMessages } from '@adboard/shared';
import { Link } from 'react-router';
import './wizard.css';

/** After a step is done: the way to My Posts, for a signed-in advertiser (none otherwise). */
export function MyPostsAction({ loggedIn }: { loggedIn: boolean }) {
  if (!loggedIn) return null;
  return (
    <p className="wizard__actions">
      <Link className="button button--primary" to="/posts">
        {menuMessages.myPosts}
      </Link>
    </p>
  );
}
