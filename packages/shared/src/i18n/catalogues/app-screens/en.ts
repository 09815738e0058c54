/**
 * Texts of the app's screens (activation, My Posts, the wizard's views, photos, payment,
 * the description editor, the terms) that had been written in the components (issue 30,
 * the lint rule `catalogue/no-jsx-text`).
 */
export default {
  activate: {
    title: 'Activate your ad',
    verifyingEmail: 'Verifying your email address',
    sendingSms: 'Sending the SMS code',
    smsCode: 'SMS code',
    verifyPhone: 'Verify phone',
  },
  myPosts: {
    yourAds: 'Your ads',
    headline: 'Headline',
    adId: 'Ad ID',
    posted: 'Posted',
    location: 'Location',
    status: 'Status',
    expiryStatus: 'Expiry Status',
    adType: 'Ad type',
    edit: 'Edit',
    view: 'View',
  },
  wizard: {
    loadingEditor: 'Loading editor',
    loadingNextSteps: 'Loading the next steps',
    loadingAd: 'Loading your ad',
    stepsNavigation: 'Ad steps',
    /** The steps bar's steps (SPEC.md sections 2 and 4): Payment for paid types, Finalize Ad for free ones. */
    steps: {
      rules: 'Rules',
      type: 'Type',
      ad: 'Ad',
      photos: 'Photos',
      payment: 'Payment',
      finalize: 'Finalize Ad',
    },
    /** How a step is, said after its name to a screen reader: 'Type (current step)'. */
    stepStates: {
      current: 'current step',
      done: 'done',
      available: 'not done yet',
      unavailable: 'not available yet',
    },
    /** The wizard's screen: its heading, and its document title (the browser's tab). */
    newAdTitle: 'Post an ad',
    editAdTitle: 'Edit your ad',
    editAdDocumentTitle: 'Edit ad',
    readTermsToo: 'Please also read our',
    termsLink: 'terms and conditions',
    typeHeading: 'Location and type of ad',
    chooseLocation: '1. Choose location',
    country: 'Country',
    city: 'City',
    /** The city select's empty choice: while the country's cities load, then before one is chosen. */
    loadingCities: 'Loading cities…',
    selectCity: '- Select City -',
    chooseType: '2. Choose ad type',
    adTypeShown: 'Ad type:',
    finalizeHeading: 'Finalize Ad',
    goToPhotos: 'Go to Photos',
    /** The ad form's button: a new ad is saved and the wizard moves on; an ad is updated. */
    saveAndContinue: 'Save and continue',
    update: 'Update',
    backToForm: 'Back to the form',
  },
  photos: {
    heading: 'Photos',
    loading: 'Loading your photos',
    none: 'Your ad has no photos yet.',
    current: 'Current photos',
    currentCount: '({shown} of {max})',
    photoNumber: 'Photo {n}',
    /** A chosen photo's preview, named by its file; the list of those waiting. */
    previewOf: 'Preview of {file}',
    toUpload: 'Photos to upload',
    primary: 'Primary',
    makePrimary: 'Make Primary',
    choose: 'Choose photos',
    notAdded: 'These files were not added:',
    update: 'Update Photos',
    clearTemporary: 'Clear temporary photos',
    /** The drop zone: its file input, and its words while a file is dragged over it or not. */
    add: 'Add photos',
    dropHere: 'Drop the photos here',
    dragOr: 'Drag and drop photos here, or',
    /** A photo on its way: the progress bar's name, then its state. */
    uploading: 'Uploading {file}',
    waiting: 'Waiting…',
    processing: 'Processing…',
    /** Moving on from Photos, with photos or without. */
    continue: 'Continue',
    continueWithout: 'Continue without photos',
  },
  payment: {
    amount: 'Amount',
    address: 'Address',
    timeLeft: 'Time left',
    status: 'Status',
    btc: '{amount} BTC',
  },
  editor: {
    toolbar: 'Formatting',
    /** The toolbar's buttons that show only a symbol: their names and tooltips. */
    bold: 'Bold',
    italic: 'Italic',
    bulletList: 'Bullet list',
    numberedList: 'Numbered list',
    removeLink: 'Remove link',
    link: 'Link',
    linkAddress: 'Link address',
    addLink: 'Add link',
  },
  terms: {
    title: 'Terms and conditions',
    agree: 'By posting an ad on {site} you agree to these rules:',
    questions: 'Questions? Contact',
  },
} as const;
