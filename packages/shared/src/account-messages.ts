/**
 * The account page's messages (issue 27): where one is signed in, and the device
 * names the server makes of a browser's user agent (apps/server device-label.ts).
 */
export const accountMessages = {
  title: 'Account',
  /** The top bar's entry for signed-in users. */
  menuEntry: 'Account',
  emailLabel: 'Email',
  sessions: {
    heading: "Where you're signed in",
    intro:
      'Each browser or app signed in to your account. End any you do not recognise; it is signed out at once.',
    device: 'Device',
    started: 'Signed in',
    lastActive: 'Last active',
    thisDevice: 'This device',
    end: 'End',
    /** The accessible name of one row's End button. */
    endLabel: (device: string) => `End the session on ${device}`,
    endOthers: 'Sign out everywhere else',
    ended: 'That session has ended.',
    othersEnded: 'You are signed out everywhere else.',
    onlyThisOne: 'You are signed in only here.',
    /** A session id that is not one of the caller's live sessions. */
    notFound: 'This session does not exist or has already ended.',
  },
  device: {
    /** "Chrome on Windows". */
    on: (browser: string, system: string) => `${browser} on ${system}`,
    unknown: 'Unknown device',
    browsers: {
      edge: 'Edge',
      opera: 'Opera',
      samsung: 'Samsung Internet',
      firefox: 'Firefox',
      chrome: 'Chrome',
      safari: 'Safari',
    },
    systems: {
      iphone: 'iPhone',
      ipad: 'iPad',
      android: 'Android',
      windows: 'Windows',
      chromeos: 'ChromeOS',
      macos: 'macOS',
      linux: 'Linux',
    },
  },
} as const;
