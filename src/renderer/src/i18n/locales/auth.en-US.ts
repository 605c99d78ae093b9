import type { Catalogue } from './fr.ts'

export const authEnUS: Catalogue['auth'] = {
  common: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    choose: 'Choose…',
    required: 'required',
    backToLogin: 'Back to sign in',
    retry: 'Try again',
    checking: 'Checking…'
  },
  login: {
    heading: 'Sign in',
    subtitle: 'Sign in to get back to your lessons',
    username: 'E-mail address or phone number',
    usernamePlaceholder: 'example@mail.com or 20 123 456',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    noAccount: 'No account yet?',
    createAccount: 'Create an account',
    or: 'or',
    google: 'Continue with Google',
    facebook: 'Continue with Facebook',
    providerOpened: 'The sign-in page opened in your browser',
    teacherRedirect: 'Your teacher space opened in your browser'
  },
  register: {
    heading: 'Create an account',
    subtitle: 'A few details to get started',
    firstName: 'First name',
    lastName: 'Last name',
    country: 'Country',
    state: 'Governorate',
    phone: 'Phone number',
    email: 'E-mail address',
    emailOptional: 'E-mail address (optional)',
    birthDate: 'Date of birth',
    birthDateHint: 'dd/mm/yyyy',
    division: 'Class',
    optionalSubject: 'Optional subject',
    password: 'Password',
    passwordConfirm: 'Confirm the password',
    passwordHint: '8 to 16 characters, with an uppercase letter, a lowercase letter, a digit and a special character',
    referral: 'Referral code',
    submit: 'Create my account',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    pickersFailed: 'The choice lists could not be loaded'
  },
  confirm: {
    heading: 'Last step',
    text: 'Enter the 6-character confirmation code we sent you by text message or e-mail.',
    code: 'Confirmation code',
    submit: 'Confirm',
    resend: 'Send the code again',
    resent: 'A new code has been sent to you',
    verified: 'You are verified',
    continue: 'Continue',
    otherAccount: 'Use another account',
    sentTo: 'Code sent to <target>{{credential}}</target>',
    change: 'Change',
    changeSubmit: 'Send the code',
    changeCancel: 'Cancel',
    changed: 'A new code has been sent to {{credential}}'
  },
  requestReset: {
    heading: 'Forgot password',
    text: 'Enter your e-mail address or phone number: we will send you a verification code.',
    credential: 'E-mail address or phone number',
    submit: 'Send the code',
    sent: 'If an account matches this identifier, a verification code has just been sent to it'
  },
  reset: {
    heading: 'Reset the password',
    text: 'Enter the code you received and choose a new password.',
    token: 'Verification code',
    newPassword: 'New password',
    retypePassword: 'Confirm the new password',
    submit: 'Reset',
    otherCredential: 'Use another identifier',
    successTitle: 'The password has been changed',
    successText: 'You can now sign in with your new password.',
    signIn: 'Sign in'
  },
  password: {
    heading: 'Change the password',
    expiredText: 'Your password has expired: choose a new one to continue.',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmation: 'Confirm the new password',
    submit: 'Change',
    cancel: 'Cancel',
    inProgress: 'Processing...',
    success: 'The password has been changed',
    signOut: 'Sign out'
  },
  social: {
    loading: 'Signing in…',
    failed: 'Signing in with this account did not succeed'
  },
  switch: {
    loading: 'Switching account…',
    missing: 'No account switch link was received',
    failed: 'The account switch did not succeed',
    expired: 'This account switch link has expired or has already been used. Ask for a new one.'
  },
  session: {
    storageTitle: 'Session kept in memory only',
    storageText:
      'This computer cannot store your session securely. It is kept in memory only: you will have to sign in again the next time you start the app.',
    storageOk: 'I understand',
    offlineTitle: 'Server unreachable',
    offlineText: 'The server cannot be reached. Check your connection and try again.',
    platformText: 'The app could not read its settings. Please restart it.',
    loggedOut: 'You are signed out',
    registerPageOpened: 'The session has ended: the registration page is opening in your browser.'
  },
  errors: {
    network: 'The server cannot be reached. Check your connection and try again.',
    server: 'Something went wrong, please try again later',
    invalidCredentials: 'Invalid credentials',
    accountUsed: 'Account information already used',
    rateLimited: 'Too many attempts, please try again later',
    captcha: 'The bot check failed, please try again',
    invalidCode: 'Code invalid',
    alreadyVerified: 'You are verified',
    samePassword: 'The new password must differ from the old one',
    oldPasswordInvalid: 'The current password is incorrect',
    testAccount: 'Test accounts cannot change this information',
    socialCode: 'This sign-in link is no longer valid, please start again',
    sessionExpired: 'Your session has expired, please sign in again',
    forbidden: 'You are not allowed to do that',
    notFound: 'Not found',
    levelNotAllowed: 'Access not authorised for this level',
    contentLocked: 'You must unlock this course first',
    quizAnswerInvalid: 'This answer does not match the questions of this quiz',
    quizAttemptSubmitted: 'This attempt has already been submitted',
    videoReportNotPending: 'Only a pending report can be edited or deleted',
    notVerified: 'Your account is not verified yet',
    passwordExpired: 'Your password has expired, please change it',
    insufficientPoints: 'Not enough points',
    tooLarge: 'What you sent is too large',
    unsupportedType: 'This format is not supported',
    inProgress: 'The same request is already in progress, please wait a moment',
    operationImpossible: 'This operation is not possible',
    invalidInput: 'Some of the information sent is not valid',
    /** The refusals of a purchase (the pricing engine's codes, decision 0034). */
    purchase: {
      unknownPeriod: 'Unknown duration',
      periodNotOffered: 'This duration is not offered for this offer',
      invalidQuantity: 'Invalid number of months (1 to 12)',
      divisionDisabled: 'This offer is not available at the moment',
      priceMissing: 'The price of this offer has not been set yet',
      subjectsRequired: 'Choose at least one subject',
      unknownSubject: 'This subject is not part of the pack',
      duplicateSubject: 'A subject was chosen twice',
      subjectsNotSoldSeparately: 'The subjects of this offer are not sold separately',
      sliceOutOfRange: 'This instalment does not exist for this offer',
      twoCodes: 'Codes cannot be combined: one code at a time',
      codeAlreadyAdded: 'This code has already been added',
      codeRequired: 'Coupon code required',
      codeTooShort: 'The code must be at least 3 characters long',
      ownCode: 'You cannot use your own code',
      unknownCode: 'This code does not exist',
      codeInactive: 'This code has expired or is no longer active',
      codeExpired: 'This code has expired or is no longer active',
      codeNotApplicable: 'This code is not valid for this class, offer or duration',
      codeFirstSliceOnly: 'A code applies to the first instalment only',
      invalidCoupon: 'This code is not valid',
      codeMaxUsesReached: 'This code has reached its maximum number of uses',
      codeAlreadyUsed: 'You have already used this code',
      earlierSliceUnpaid: 'The earlier instalments must be paid first',
      sliceAlreadyPaid: 'This instalment is already paid',
      chapterAlreadyPurchased: 'You have already purchased this chapter',
      subscriptionEnded: 'This subscription has already ended',
      subscriptionCancelled: 'This subscription has been cancelled',
      operatorPlanNotActive: 'No mobile operator subscription is active',
      operatorRefused: 'The operator could not process this request'
    }
  },
  rules: {
    common: {
      required: 'This field is required',
      invalid: 'Invalid value',
      tooLong: 'Value too long',
      unknownField: 'This field is not expected',
      fillFields: 'Fill in the fields'
    },
    credential: {
      required: 'Please enter your e-mail address/phone number',
      invalid: 'Please enter a valid phone number/e-mail address',
      unchanged: 'The code was already sent there: use “Send the code again”',
      unchangedResent: 'The code was already sent there: enter the one you received',
      alreadyUsed: 'Account information already used',
      unknown: 'This e-mail or phone does not exist'
    },
    password: {
      required: 'Please enter your password',
      min: 'Password of at least 8 characters',
      length: 'The password value should be between 8 and 16 characters',
      uppercase: 'The password must contain at least one uppercase letter',
      lowercase: 'The password must contain at least one lowercase letter',
      digit: 'The password must contain at least one digit',
      special: 'The password must contain at least one special character',
      repeated: 'The password must not repeat a character six times or more',
      mismatch: 'The two passwords must match',
      newMismatch: 'The new passwords are not identical',
      confirmRequired: 'Confirm Password is missing',
      sameAsOld: 'The new password must differ from the old one',
      oldInvalid: 'The current password is incorrect'
    },
    names: {
      firstNameRequired: 'The first name is required',
      firstNameInvalid: 'Please enter a valid first name',
      lastNameRequired: 'The last name is required',
      lastNameInvalid: 'Please enter a valid last name'
    },
    phone: {
      required: 'The phone number is required',
      invalid: 'Please enter a valid phone number',
      sameAsMain: 'The second number must differ from the main number',
      locked: 'The phone number can no longer be changed',
      operatorTaken: 'This number already exists',
      operatorNoAccount: 'No pupil account uses this number: sign up or sign in'
    },
    parentPhone: {
      required: 'Phone number is required',
      length: 'Phone number must be exactly 8 digits long',
      format: 'Invalid phone number format'
    },
    email: {
      required: 'The e-mail address is required',
      invalid: 'Please enter a valid email',
      useAddEmail: 'An e-mail address is added with “Add email” and confirmed with a code'
    },
    birthDate: {
      required: 'The date of birth is required',
      format: 'Invalid date format',
      tooLate: 'This date must be before 16 May 2018',
      minAge: 'Age must be 5 years or older',
      future: 'The date of birth cannot be in the future'
    },
    code: {
      required: 'The verification code is required',
      invalid: 'Code invalid',
      missing: 'Code is missing'
    },
    division: {
      required: 'The class is required',
      unknown: 'This class is unknown',
      changeByRequest: 'Changing class is done through a class change request'
    },
    optionalSubject: { invalid: 'This option does not exist for this class', required: 'The optional subject is required' },
    state: { required: 'The governorate is required' },
    country: { required: 'The country is required' },
    address: { required: 'Fill in the country and governorate fields', invalid: 'Invalid address' },
    captcha: {
      required: 'Please confirm that you are not a robot',
      invalid: 'The bot check failed, please try again'
    },
    profile: { readOnlyUntilCompleted: 'This field can be changed only once the profile is complete' },
    search: { tooShort: 'Type at least 3 characters' },
    videoReport: { fieldsRequired: 'Fill in the reason and description fields' }
  }
}
