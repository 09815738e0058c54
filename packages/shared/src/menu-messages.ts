/**
 * The site menu of the app's frame (every screen's top bar). A catalogue of its own, so
 * that the frame, loaded by every screen, does not carry the account page's and the
 * console's catalogues for one word each; those name their entries from here.
 */
export const menuMessages = {
  postNewAd: 'Post New Ad',
  myPosts: 'My Posts',
  /** Signed-in users. */
  account: 'Account',
  /** Moderators and administrators only. */
  console: 'Moderation',
  logout: 'Logout',
  /** The frame's own words around the menu. */
  frame: {
    skipToContent: 'Skip to content',
    contact: 'Contact:',
    menu: 'Menu',
    mainNavigation: 'Main',
  },
} as const;
