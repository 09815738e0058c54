/** The reasons to report an ad, in English. (One module a group: each screen's bundle carries the groups it uses.) */
export const reportReasons = {
  underage: 'The person may be under age',
  trafficking: 'Trafficking or someone forced',
  scam: 'Scam or fraud',
  not_the_person: 'Not the person in the photos',
  explicit: 'Explicit content',
  wrong_contact: 'Wrong phone number or email',
  other: 'Something else',
} as const;
