/** The language menu (issue 30): in the frame and on the public pages. */
export default {
  menuLabel: 'Language',
  /** Said after the menu switched, in the new language. */
  switched: 'The site now speaks English.',
} as const;
