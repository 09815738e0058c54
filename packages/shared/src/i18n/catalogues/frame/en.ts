/**
 * The app's frame (every screen's top bar) and its site menu (issue 30): an area of its
 * own, so that the frame, loaded by every screen, carries a few words in one language.
 */
export default {
  postNewAd: 'Post New Ad',
  myPosts: 'My Posts',
  /** Signed-in users. */
  account: 'Account',
  /** Moderators and administrators only. */
  console: 'Moderation',
  logout: 'Logout',
  /** A spinner's name, for a screen reader, when its screen gives it none. */
  loading: 'Loading',
  /** The frame's own words around the menu. */
  frame: {
    skipToContent: 'Skip to content',
    contact: 'Contact:',
    menu: 'Menu',
    mainNavigation: 'Main',
  },
} as const;
