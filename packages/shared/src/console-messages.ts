/** Texts of the moderation console (/admin). Part of the message catalogue. */
export const consoleMessages = {
  title: 'Moderation',
} as const;
