import type { Catalogue } from './fr.ts'

export const walletEnUS: Catalogue['wallet'] = {
  page: {
    title: 'Wallet',
    subtitle: '1 point = 1 dinar: top up your balance, then buy your offers',
    missingPoints: 'You are {{amount}} points short for this purchase: top up your balance, then come back to the offers.'
  },
  balance: {
    title: 'My balance',
    unitOne: 'point',
    unitTwo: 'points',
    unitOther: 'points',
    dinars: '{{amount}} TND',
    held: 'Held by a transfer waiting for confirmation: {{amount}} {{unit}}',
    failed: 'Your balance could not be loaded',
    transfer: 'Transfer points',
    refresh: 'Refresh'
  },
  accounts: {
    title: 'Bank accounts',
    intro: 'For a bank transfer or deposit, use one of these accounts, then declare it below with its reference.',
    owner: 'Account holder',
    accountNumber: 'Account number',
    rib: 'RIB',
    rip: 'RIP',
    failed: 'The bank accounts could not be loaded'
  },
  topUp: {
    title: 'Top up my balance',
    methodsLabel: 'Payment method',
    methods: {
      transfer: 'Bank transfer',
      online: 'Online payment',
      d17: 'D17'
    },
    methodHints: {
      transfer: 'Declare your transfer or deposit: it is credited once checked.',
      online: 'Pay by card on the payment page, which opens in your browser.',
      d17: 'Scan the QR code with the D17 app.'
    },
    amount: 'Amount (TND)',
    amountHint: 'Enter the amount in dinars (1 pt = 1 TND)',
    reference: 'Transfer reference',
    referenceHint: 'Without spaces, as printed on your receipt',
    comment: 'Comment (optional)',
    submit: {
      transfer: 'Declare the transfer',
      online: 'Pay online',
      d17: 'Show the QR code'
    },
    transferPending: 'Transfer {{reference}} recorded: it is in the history, waiting for approval.'
  },
  online: {
    waitingTitle: 'Payment in progress in your browser',
    waitingText: 'Finish paying on the page that opened. This page updates when you come back.',
    reopen: 'Open the payment page again',
    cancel: 'Stop waiting'
  },
  d17: {
    title: 'D17 payment',
    instructions: 'Scan this QR code with the D17 app to pay {{amount}} TND.',
    qrLabel: 'QR code of the D17 payment',
    waiting: 'Waiting for the payment… checked automatically every few seconds.',
    notYet: 'The payment has not been received yet.',
    paid: 'Payment received: your balance has been credited.',
    failed: 'The D17 payment was declined.',
    check: 'Check the payment',
    close: 'Close'
  },
  result: {
    successTitle: 'Subscription activated',
    successText: 'Your balance was credited with {{amount}} {{unit}}.',
    failureTitle: 'Something went wrong',
    failureText: 'The transaction could not be completed, please try again later',
    pendingTitle: 'Payment pending',
    pendingText: 'The payment is not confirmed yet. Your balance is credited as soon as it is.',
    loading: 'Checking the payment…',
    retry: 'Try again',
    toOffers: 'See the offers',
    close: 'Close'
  },
  transfer: {
    title: 'Transfer points',
    intro: 'The points are held, then transferred when you confirm with the code you receive.',
    toUser: 'Recipient',
    toUserHint: 'Phone number, e-mail address or account ID',
    points: 'Number of points',
    pointsHint: 'Between 10 and 5000 points',
    submit: 'Transfer',
    codeTitle: 'Confirmation code',
    codeIntro: 'Enter the 6-character code you received to confirm the transfer of {{points}} {{unit}} to {{name}}.',
    code: 'Code',
    confirm: 'Confirm',
    resend: 'Send the code again',
    codeSent: 'A confirmation code has been sent to you.',
    codeResent: 'A new code has been sent to you.',
    done: 'Transfer of {{points}} {{unit}} to {{name}} confirmed.',
    cancel: 'Cancel',
    close: 'Close'
  },
  history: {
    title: 'Points history',
    columns: {
      code: 'Code',
      method: 'Method',
      amount: 'Amount',
      description: 'Description',
      date: 'Date',
      status: 'Status'
    },
    empty: 'No history',
    failed: 'The history could not be loaded'
  },
  status: {
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    paid: 'Paid',
    failed: 'Failed',
    waiting_confirmation: 'Waiting for confirmation',
    confirmed: 'Confirmed',
    expired: 'Expired'
  },
  table: {
    rowsPerPage: 'Rows per page',
    range: '{{from}}–{{to}} of {{total}}',
    previous: 'Previous page',
    next: 'Next page'
  },
  historyPage: {
    title: 'History',
    loading: 'Loading…',
    empty: 'No history',
    failed: 'This list could not be loaded',
    yes: 'Yes',
    no: 'No',
    bookmarks: {
      title: 'Saved lessons',
      name: 'Lesson',
      date: 'Saved on',
      subject: 'Subject'
    },
    subscriptions: {
      title: 'Subscriptions',
      name: 'Offer',
      price: 'Price',
      start: 'Start',
      end: 'End',
      status: 'Cancellation',
      cancel: 'Cancel',
      cancelled: 'Cancelled',
      cancelTitle: 'Cancel this subscription?',
      cancelBody: '{{name}} will not be renewed. You keep access until {{date}}.',
      cancelBodyOpen: '{{name}} will not be renewed.',
      keep: 'Keep the subscription',
      confirmCancel: 'Cancel the subscription'
    },
    classChanges: {
      title: 'Class change requests',
      current: 'Current class',
      requested: 'Requested class',
      reason: 'Reason',
      otherReason: 'Other reason',
      status: 'Status'
    },
    transfers: {
      title: 'Point transfers',
      senderId: 'Sender ID',
      sender: 'Sender',
      receiverId: 'Recipient ID',
      receiver: 'Recipient',
      points: 'Points',
      updatedAt: 'Updated on',
      status: 'Status',
      confirmed: 'Confirmed'
    },
    attendance: {
      title: 'Live session attendance',
      date: 'Session date',
      session: 'Session',
      duration: 'Time attended'
    },
    payments: {
      title: 'Payments',
      amount: 'Amount received',
      date: 'Payment date',
      method: 'Method'
    }
  },
  errors: {
    network: 'The server cannot be reached. Check your connection, then try again.',
    server: 'An error occurred, please try again later',
    rateLimited: 'Too many attempts, please wait a moment.',
    inProgress: 'The same request is already running, please wait a moment.',
    notFound: 'Not found',
    forbidden: 'This account is not allowed to do that',
    closed: 'This operation is no longer possible (it is already settled or has expired)',
    retry: 'Try again',
    browserFailed: 'The payment page could not be opened in your browser'
  },
  rules: {
    common: {
      required: 'This field is required',
      invalid: 'Invalid value',
      tooLong: 'Value too long',
      fillFields: 'Fill in the fields'
    },
    code: {
      required: 'The verification code is required',
      invalid: 'Code invalid'
    },
    payment: {
      amount: 'Enter the amount in dinars (1 pt = 1 TND)',
      methodRequired: 'Choose a payment method',
      referenceRequired: 'The transfer reference is required',
      referenceSpaces: 'The reference must not contain spaces',
      methodUnavailable: 'This payment method is not available at the moment; pay by bank transfer or deposit'
    },
    transfer: {
      amountRange: 'Please enter an amount between 10 and 5000',
      wholePoints: 'The amount must be a whole number of points',
      recipientUnknown: 'No account matches this recipient',
      self: 'You cannot transfer points to yourself',
      insufficient: 'Not enough points',
      codeInvalid: 'Invalid or expired confirmation code'
    }
  }
}
