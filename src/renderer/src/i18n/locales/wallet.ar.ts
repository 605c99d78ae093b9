import type { Catalogue } from './fr.ts'

export const walletAr: Catalogue['wallet'] = {
  page: {
    title: 'المحفظة',
    subtitle: 'نقطة واحدة = دينار واحد: اشحن رصيدك ثم اشترِ عروضك',
    missingPoints: 'ينقصك {{amount}} من النقاط لإتمام هذا الشراء: اشحن رصيدك ثم عُد إلى العروض.'
  },
  balance: {
    title: 'رصيدي',
    unitOne: 'نقطة',
    unitTwo: 'نقطتان',
    unitOther: 'نقاط',
    dinars: '{{amount}} د.ت',
    held: 'محجوز لتحويل في انتظار التأكيد: {{amount}} {{unit}}',
    failed: 'تعذّر تحميل رصيدك',
    transfer: 'تحويل النقاط',
    refresh: 'تحديث'
  },
  accounts: {
    title: 'الحسابات البنكية',
    intro: 'للتحويل أو الإيداع، استعمل أحد هذه الحسابات ثم صرّح به أدناه مع مرجعه.',
    owner: 'صاحب الحساب',
    accountNumber: 'رقم الحساب',
    rib: 'المعرّف البنكي (RIB)',
    rip: 'المعرّف البريدي (RIP)',
    failed: 'تعذّر تحميل الحسابات البنكية'
  },
  topUp: {
    title: 'شحن رصيدي',
    methodsLabel: 'طريقة الدفع',
    methods: {
      transfer: 'تحويل بنكي',
      online: 'الدفع عبر الإنترنت',
      d17: 'دي 17 (D17)'
    },
    methodHints: {
      transfer: 'صرّح بتحويلك أو إيداعك: يُضاف إلى رصيدك بعد التحقق منه.',
      online: 'ادفع بالبطاقة في صفحة الدفع التي تُفتح في متصفحك.',
      d17: 'امسح رمز QR بتطبيق D17.'
    },
    amount: 'المبلغ (د.ت)',
    amountHint: 'أدخل المبلغ المطلوب بالدينار (نقطة واحدة = دينار واحد)',
    reference: 'مرجع التحويل',
    referenceHint: 'دون مسافات، كما يظهر في الوصل',
    comment: 'تعليق (اختياري)',
    submit: {
      transfer: 'التصريح بالتحويل',
      online: 'الدفع عبر الإنترنت',
      d17: 'عرض رمز QR'
    },
    transferPending: 'تم تسجيل التحويل {{reference}}: يظهر في السجل في انتظار المصادقة.'
  },
  online: {
    waitingTitle: 'الدفع جارٍ في متصفحك',
    waitingText: 'أكمل الدفع في الصفحة التي فُتحت. تتحدّث هذه الصفحة عند عودتك.',
    reopen: 'إعادة فتح صفحة الدفع',
    cancel: 'التوقف عن الانتظار'
  },
  d17: {
    title: 'الدفع عبر D17',
    instructions: 'امسح رمز QR هذا بتطبيق D17 لدفع {{amount}} د.ت.',
    qrLabel: 'رمز QR للدفع عبر D17',
    waiting: 'في انتظار الدفع… يتم التحقق تلقائيًا كل بضع ثوانٍ.',
    notYet: 'لم يتم استلام الدفع بعد.',
    paid: 'تم استلام الدفع: أُضيف المبلغ إلى رصيدك.',
    failed: 'تم رفض الدفع عبر D17.',
    check: 'التحقق من الدفع',
    close: 'إغلاق'
  },
  result: {
    successTitle: 'تم تفعيل الاشتراك',
    successText: 'أُضيف إلى رصيدك {{amount}} {{unit}}.',
    failureTitle: 'حدث خطأ',
    failureText: 'تعذّر إتمام المعاملة، يرجى إعادة المحاولة لاحقًا',
    pendingTitle: 'الدفع قيد الانتظار',
    pendingText: 'لم يتم تأكيد الدفع بعد. يُضاف المبلغ إلى رصيدك فور تأكيده.',
    loading: 'جارٍ التحقق من الدفع…',
    retry: 'إعادة المحاولة',
    toOffers: 'عرض العروض',
    close: 'إغلاق'
  },
  transfer: {
    title: 'تحويل النقاط',
    intro: 'تُحجز النقاط ثم تُحوَّل عند تأكيدك بالرمز الذي تتلقاه.',
    toUser: 'المستلم',
    toUserHint: 'رقم الهاتف أو البريد الإلكتروني أو معرّف الحساب',
    points: 'عدد النقاط',
    pointsHint: 'بين 10 و5000 نقطة',
    submit: 'تحويل',
    codeTitle: 'رمز التأكيد',
    codeIntro: 'أدخل الرمز المكوّن من 6 أحرف الذي تلقيته لتأكيد تحويل {{points}} {{unit}} إلى {{name}}.',
    code: 'الرمز',
    confirm: 'تأكيد',
    resend: 'إعادة إرسال الرمز',
    codeSent: 'تم إرسال رمز التأكيد إليك.',
    codeResent: 'تم إرسال رمز جديد إليك.',
    done: 'تم تأكيد تحويل {{points}} {{unit}} إلى {{name}}.',
    cancel: 'إلغاء',
    close: 'إغلاق'
  },
  history: {
    title: 'سجل النقاط',
    columns: {
      code: 'الرمز',
      method: 'الطريقة',
      amount: 'المبلغ',
      description: 'الوصف',
      date: 'التاريخ',
      status: 'الحالة'
    },
    empty: 'لا يوجد سجل',
    failed: 'تعذّر تحميل السجل'
  },
  status: {
    pending: 'قيد الانتظار',
    approved: 'مقبول',
    rejected: 'مرفوض',
    paid: 'مدفوع',
    failed: 'فشل',
    waiting_confirmation: 'في انتظار التأكيد',
    confirmed: 'مؤكَّد',
    expired: 'منتهي الصلاحية'
  },
  table: {
    rowsPerPage: 'عدد الأسطر في الصفحة',
    range: '{{from}}–{{to}} من {{total}}',
    previous: 'الصفحة السابقة',
    next: 'الصفحة التالية'
  },
  historyPage: {
    title: 'السجل',
    loading: 'جارٍ التحميل…',
    empty: 'لا يوجد سجل',
    failed: 'تعذّر تحميل هذه القائمة',
    yes: 'نعم',
    no: 'لا',
    bookmarks: {
      title: 'الدروس المحفوظة',
      name: 'الدرس',
      date: 'تاريخ الحفظ',
      subject: 'المادة'
    },
    subscriptions: {
      title: 'الاشتراكات',
      name: 'العرض',
      price: 'السعر',
      start: 'البداية',
      end: 'النهاية',
      status: 'الإلغاء',
      cancel: 'إلغاء',
      cancelled: 'مُلغى',
      cancelTitle: 'هل تريد إلغاء هذا الاشتراك؟',
      cancelBody: 'لن يُجدَّد اشتراك {{name}}، ويبقى لك النفاذ إلى غاية {{date}}.',
      cancelBodyOpen: 'لن يُجدَّد اشتراك {{name}}.',
      keep: 'الإبقاء على الاشتراك',
      confirmCancel: 'إلغاء الاشتراك'
    },
    classChanges: {
      title: 'طلبات تغيير القسم',
      current: 'القسم الحالي',
      requested: 'القسم المطلوب',
      reason: 'السبب',
      otherReason: 'سبب آخر',
      status: 'الحالة'
    },
    transfers: {
      title: 'تحويلات النقاط',
      senderId: 'معرّف المرسل',
      sender: 'المرسل',
      receiverId: 'معرّف المستلم',
      receiver: 'المستلم',
      points: 'النقاط',
      updatedAt: 'تاريخ التحديث',
      status: 'الحالة',
      confirmed: 'مؤكَّد'
    },
    attendance: {
      title: 'الحضور في الحصص المباشرة',
      date: 'تاريخ الحصة',
      session: 'الحصة',
      duration: 'مدة الحضور'
    },
    payments: {
      title: 'المدفوعات',
      amount: 'المبلغ المستلم',
      date: 'تاريخ الدفع',
      method: 'الطريقة'
    }
  },
  errors: {
    network: 'تعذّر الاتصال بالخادم. تحقق من اتصالك ثم أعد المحاولة.',
    server: 'حدث خطأ، يرجى إعادة المحاولة لاحقًا',
    rateLimited: 'محاولات كثيرة، يرجى الانتظار قليلًا.',
    inProgress: 'طلب مماثل قيد التنفيذ، يرجى الانتظار قليلًا.',
    notFound: 'العنصر غير موجود',
    forbidden: 'هذا الإجراء غير مسموح به لهذا الحساب',
    closed: 'لم تعد هذه العملية ممكنة (سبق إتمامها أو انتهت صلاحيتها)',
    retry: 'إعادة المحاولة',
    browserFailed: 'تعذّر فتح صفحة الدفع في متصفحك'
  },
  rules: {
    common: {
      required: 'هذا الحقل إلزامي',
      invalid: 'قيمة غير صالحة',
      tooLong: 'القيمة طويلة جدًا',
      fillFields: 'املأ الحقول'
    },
    code: {
      required: 'رمز التحقق إلزامي',
      invalid: 'رمز غير صالح'
    },
    payment: {
      amount: 'أدخل المبلغ المطلوب بالدينار (نقطة واحدة = دينار واحد)',
      methodRequired: 'اختر طريقة الدفع',
      referenceRequired: 'مرجع التحويل إلزامي',
      referenceSpaces: 'يجب ألا يحتوي المرجع على مسافات',
      methodUnavailable: 'وسيلة الدفع هذه غير متاحة حاليًا؛ ادفع بتحويل بنكي أو بإيداع'
    },
    transfer: {
      amountRange: 'يرجى إدخال مبلغ بين 10 و5000',
      wholePoints: 'يجب أن يكون المبلغ عددًا صحيحًا من النقاط',
      recipientUnknown: 'لا يوجد حساب يطابق هذا المستلم',
      self: 'لا يمكنك تحويل النقاط إلى نفسك',
      insufficient: 'رصيد النقاط غير كافٍ',
      codeInvalid: 'رمز التأكيد غير صالح أو منتهي الصلاحية'
    }
  }
}
