/** Texts of the public ad pages on the city subdomains. Part of the message catalogue. */
export const publicPageMessages = {
  previewBanner: 'Preview: this is how your ad will look. It is not public unless it is approved.',
  notFoundTitle: 'Ad not found',
  notFoundText: 'This ad does not exist, has expired or is not public.',
  reportTitle: 'Report this ad',
  reportThanks: 'Thank you. Our moderators will look at your report.',
  reportLimited: 'You have sent too many reports. Please try again later.',
} as const;
