import { messages } from '@adboard/shared';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { PostList } from '../features/posts/post-list';
import { usePosts } from '../features/posts/use-posts';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { Spinner } from '../features/ui/spinner';
import { ApiError, errorMessage } from '../lib/api';

export default function PostsScreen() {
  useDocumentTitle('My Posts');
  return (
    <RequireAuth>
      <MyPosts />
    </RequireAuth>
  );
}

function MyPosts() {
  const { signOut } = useAuth();
  const posts = usePosts();

  // The server no longer knows this session: sign out; RequireAuth then goes to /login.
  const unauthorized = posts.error instanceof ApiError && posts.error.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    toast(messages.auth.signInRequired, { id: 'sign-in-required' });
    signOut();
  }, [unauthorized, signOut]);

  const newAdLink = (
    <Link className="button button--primary" to="/edit-post">
      {messages.posts.postNewAd}
    </Link>
  );

  return (
    <ScreenCard title="My Posts" width="wide">
      <div className="posts" aria-busy={posts.isPending}>
        {posts.isPending && <Spinner overlay />}
        {posts.isError && !unauthorized && (
          <>
            <ErrorAlert>{errorMessage(posts.error, messages.http.internalError)}</ErrorAlert>
            <p className="card__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void posts.refetch()}
                disabled={posts.isFetching}
              >
                {messages.app.tryAgain}
              </button>
            </p>
          </>
        )}
        {posts.data && posts.data.length === 0 && (
          <div className="empty">
            <p>{messages.posts.noPosts}</p>
            <p className="card__actions">{newAdLink}</p>
          </div>
        )}
        {posts.data && posts.data.length > 0 && (
          <>
            <p className="card__actions card__actions--start">{newAdLink}</p>
            <PostList posts={posts.data} />
          </>
        )}
      </div>
    </ScreenCard>
  );
}
