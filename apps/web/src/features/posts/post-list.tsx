import type { PostListRow } from '@adboard/shared';

/**
 * The signed-in user's ads as plain rows (title, ad id, status). A placeholder: the
 * next issue replaces it with the cards of SPEC.md section 2.
 */
export function PostList({ posts }: { posts: readonly PostListRow[] }) {
  return (
    <ul className="post-list" aria-label="Your ads">
      {posts.map((post) => (
        <li key={post.postId} className="post-list__row">
          <span className="post-list__title">{post.title}</span>
          <span className="post-list__meta">
            <span>
              Ad ID: <span className="post-list__id">{post.postId}</span>
            </span>
            <span className="badge">{post.status}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
