import type { Catalogue } from './fr.ts'

/** The offers screen's texts in English. */
export const offersEnUS: Catalogue['offers'] = {
  page: {
    title: 'Offers',
    subtitle: 'Choose your offer and pay for it with your points (1 point = 1 TND).',
    loading: 'Loading…',
    failed: 'The offers could not be loaded.',
    retry: 'Try again',
    empty: 'No offer is available for your class.',
    movedTitle: 'Your content has moved',
    movedText: 'The content of your class has moved to another teaching platform.'
  },
  card: {
    pack: 'Pack',
    free: 'Free',
    unavailable: 'Unavailable',
    buy: 'Buy',
    discountPercent: '-{{value}} %',
    discountFixed: '{{amount}} TND',
    price: {
      day: '{{amount}} TND / day',
      week: '{{amount}} TND / week',
      month: '{{amount}} TND / month',
      rest_of_year: '{{amount}} TND / school year',
      fixed: '{{amount}} TND'
    },
    fromPerSubject: 'From {{amount}} TND per subject',
    slicesOne: 'Payable in {{count}} instalment',
    slicesTwo: 'Payable in {{count}} instalments',
    slicesFew: 'Payable in {{count}} instalments',
    slicesOther: 'Payable in {{count}} instalments'
  },
  dialog: {
    period: 'Duration',
    periods: {
      day: 'Per day',
      month: 'Per month',
      rest_of_year: 'Rest of the year',
      fixed: 'Until the end of the school year'
    },
    days: 'Number of days',
    dayOne: '1 day',
    daySeven: '7 days',
    dayNote: 'The daily plan is paid through your mobile operator and renews automatically until you unsubscribe.',
    months: 'Number of months',
    monthsOne: '{{count}} month',
    monthsTwo: '{{count}} months',
    monthsFew: '{{count}} months',
    monthsOther: '{{count}} months',
    multiMonth: 'Multi-month',
    subjects: 'Subjects',
    allSubjects: 'All',
    subjectPrice: '{{amount}} TND',
    payment: 'Payment',
    inSlicesOne: 'In {{count}} instalment',
    inSlicesTwo: 'In {{count}} instalments',
    inSlicesFew: 'In {{count}} instalments',
    inSlicesOther: 'In {{count}} instalments',
    whole: 'All at once',
    code: 'Coupon or referral code',
    codePlaceholder: 'E.g. BIENVENUE10 or CP…',
    applyCode: 'Apply',
    removeCode: 'Remove the code',
    priceTitle: 'Price',
    listPrice: 'Price before discount',
    base: 'Price',
    packDiscount: 'Pack discount ({{value}} %)',
    referralDiscount: 'Referral {{code}} (5 %)',
    couponDiscount: 'Coupon {{code}}',
    total: 'Total',
    dueNow: 'To pay now (instalment {{index}} of {{count}})',
    sliceList: 'Instalments: {{amounts}}',
    amount: '{{amount}} TND',
    access: 'Access from {{start}} to {{end}}',
    accessFrom: 'Access from {{start}}',
    cancel: 'Cancel',
    next: 'Buy',
    confirmTitle: 'Confirm the purchase',
    confirmText: '{{amount}} points will be taken from your wallet for {{offer}}.',
    back: 'Back',
    confirm: 'Confirm the purchase'
  },
  code: {
    applied: 'Code applied'
  },
  purchase: {
    success: 'Subscription activated',
    operatorOnly: 'This plan is bought through your mobile operator.'
  },
  operator: {
    title: 'Payment through your mobile operator',
    daily: '{{offer}}: daily plan (1 day), renewed automatically every day until you unsubscribe.',
    weekly: '{{offer}}: weekly plan (7 days), renewed automatically every week until you unsubscribe.',
    phone: 'Phone number',
    phoneHint: 'The number the operator charges; it sends you a PIN code by SMS.',
    continue: 'Continue',
    reopen: 'Reopen the page',
    opened: 'The operator page is open in your browser: confirm the subscription there with the PIN code received by SMS.',
    activated: 'Subscription activated',
    activatedText: 'Your plan is active: your lessons are open.',
    failedTitle: 'An error occurred',
    failedText: 'The transaction could not be completed, please try again later',
    close: 'Close',
    menu: '{{offer}} options',
    unsubscribe: 'Unsubscribe',
    unsubscribeTitle: 'Unsubscribe?',
    unsubscribeText: 'The plan will no longer renew. Your access stays open until {{date}}.',
    unsubscribed: 'Unsubscribed: access open until {{date}}.'
  }
}
