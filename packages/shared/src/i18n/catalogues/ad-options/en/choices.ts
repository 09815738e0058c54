/** The form's choices and the ways to reach a poster, in English. (One module a group: each screen's bundle carries the groups it uses.) */
export const ethnicity = {
  asian: 'Asian',
  abc_cbc_asian: 'ABC/CBC Asian',
  african_american: 'African American',
  caucasian: 'Caucasian',
  european: 'European',
  indian: 'Indian',
  latino_hispanic: 'Latino/Hispanic',
  middle_eastern: 'Middle Eastern',
  mixed: 'Mixed',
  native: 'Native',
  other: 'Other Ethnicity',
} as const;

export const ethnicityEmpty = '- Select Ethnicity -' as const;

export const business = {
  independent: 'Independent Escort',
  agency: 'Escort Agency',
  massage: 'Massage',
} as const;

export const businessEmpty = 'Prefer not to say' as const;

export const incalls = {
  no: 'No incalls',
  private: 'Private Residence',
  upscale: 'Upscale Condo',
  hotel: 'Hotel',
} as const;

export const outcalls = {
  no: 'No outcalls',
  any: 'Hotel or residence',
  hotel: 'Hotels only',
} as const;

export const contacts = { call: 'Call', text: 'Text', email: 'Email' } as const;
