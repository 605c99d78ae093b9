import type { Catalogue } from './fr.ts'

export const authAr: Catalogue['auth'] = {
  common: {
    showPassword: 'إظهار كلمة المرور',
    hidePassword: 'إخفاء كلمة المرور',
    choose: 'اختر…',
    required: 'إلزامي',
    backToLogin: 'العودة إلى تسجيل الدخول',
    retry: 'إعادة المحاولة',
    checking: 'جارٍ التحقق…'
  },
  login: {
    heading: 'تسجيل الدخول',
    subtitle: 'سجّل دخولك لمواصلة دروسك',
    username: 'البريد الإلكتروني أو رقم الهاتف',
    usernamePlaceholder: 'example@mail.com أو 20123456',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    forgot: 'هل نسيت كلمة المرور؟',
    noAccount: 'ليس لديك حساب؟',
    createAccount: 'إنشاء حساب',
    or: 'أو',
    google: 'المتابعة باستخدام Google',
    facebook: 'المتابعة باستخدام Facebook',
    providerOpened: 'فُتحت صفحة تسجيل الدخول في متصفّحك',
    teacherRedirect: 'فُتح فضاء الأستاذ في متصفّحك'
  },
  register: {
    heading: 'إنشاء حساب',
    subtitle: 'بعض المعلومات للبدء',
    firstName: 'الاسم',
    lastName: 'اللقب',
    country: 'البلد',
    state: 'الولاية',
    phone: 'رقم الهاتف',
    email: 'البريد الإلكتروني',
    emailOptional: 'البريد الإلكتروني (اختياري)',
    birthDate: 'تاريخ الميلاد',
    birthDateHint: 'يوم/شهر/سنة (dd/mm/yyyy)',
    division: 'القسم',
    optionalSubject: 'المادة الاختيارية',
    password: 'كلمة المرور',
    passwordConfirm: 'تأكيد كلمة المرور',
    passwordHint: 'من 8 إلى 16 حرفًا، تتضمّن حرفًا كبيرًا وحرفًا صغيرًا ورقمًا ورمزًا خاصًّا',
    referral: 'رمز الدعوة',
    submit: 'إنشاء حسابي',
    haveAccount: 'لديك حساب بالفعل؟',
    signIn: 'تسجيل الدخول',
    pickersFailed: 'تعذّر تحميل قوائم الاختيار'
  },
  confirm: {
    heading: 'الخطوة الأخيرة',
    text: 'أدخل رمز التأكيد المكوّن من 6 خانات الذي أرسلناه إليك عبر رسالة قصيرة أو بريد إلكتروني.',
    code: 'رمز التأكيد',
    submit: 'تأكيد',
    resend: 'إعادة إرسال الرمز',
    resent: 'أُرسل إليك رمز جديد',
    verified: 'تمّ التحقّق من حسابك',
    continue: 'متابعة',
    otherAccount: 'استعمال حساب آخر',
    sentTo: 'أُرسل الرمز إلى <target>{{credential}}</target>',
    change: 'تعديل',
    changeSubmit: 'إرسال الرمز',
    changeCancel: 'إلغاء',
    // The number or address keeps its left-to-right order inside the Arabic sentence.
    changed: 'أُرسل رمز جديد إلى \u2068{{credential}}\u2069'
  },
  requestReset: {
    heading: 'نسيت كلمة المرور',
    text: 'أدخل بريدك الإلكتروني أو رقم هاتفك وسنرسل إليك رمز تحقّق.',
    credential: 'البريد الإلكتروني أو رقم الهاتف',
    submit: 'إرسال الرمز',
    sent: 'إذا كان هناك حساب مرتبط بهذا المعرّف، فقد أُرسل إليه رمز تحقّق للتوّ'
  },
  reset: {
    heading: 'إعادة تعيين كلمة المرور',
    text: 'أدخل الرمز الذي تلقّيته واختر كلمة مرور جديدة.',
    token: 'رمز التحقّق',
    newPassword: 'كلمة المرور الجديدة',
    retypePassword: 'تأكيد كلمة المرور الجديدة',
    submit: 'إعادة التعيين',
    otherCredential: 'تغيير المعرّف',
    successTitle: 'تمّ تغيير كلمة المرور',
    successText: 'يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة.',
    signIn: 'تسجيل الدخول'
  },
  password: {
    heading: 'تغيير كلمة المرور',
    expiredText: 'انتهت صلاحية كلمة المرور: اختر كلمة جديدة للمتابعة.',
    oldPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    confirmation: 'تأكيد كلمة المرور الجديدة',
    submit: 'تغيير',
    cancel: 'إلغاء',
    inProgress: 'جارٍ المعالجة...',
    success: 'تمّ تغيير كلمة المرور',
    signOut: 'تسجيل الخروج'
  },
  social: {
    loading: 'جارٍ تسجيل الدخول…',
    failed: 'تعذّر تسجيل الدخول بهذا الحساب'
  },
  switch: {
    loading: 'جارٍ تبديل الحساب…',
    missing: 'لم يصل أيّ رابط لتبديل الحساب',
    failed: 'تعذّر تبديل الحساب',
    expired: 'انتهت صلاحية رابط تبديل الحساب هذا أو سبق استعماله. اطلب رابطًا جديدًا.'
  },
  session: {
    storageTitle: 'الجلسة محفوظة في الذاكرة فقط',
    storageText: 'لا يتيح هذا الحاسوب حفظ جلستك بشكل آمن، لذا تُحفظ في الذاكرة فقط، وسيتعيّن عليك تسجيل الدخول من جديد عند التشغيل القادم.',
    storageOk: 'فهمت',
    offlineTitle: 'تعذّر الوصول إلى الخادم',
    offlineText: 'لا يمكن الاتصال بالخادم. تحقّق من اتصالك ثم أعد المحاولة.',
    platformText: 'تعذّر على التطبيق قراءة إعداداته. أعد تشغيله.',
    loggedOut: 'تمّ تسجيل خروجك',
    registerPageOpened: 'انتهت الجلسة: صفحة التسجيل تُفتح في متصفّحك.'
  },
  errors: {
    network: 'لا يمكن الاتصال بالخادم. تحقّق من اتصالك ثم أعد المحاولة.',
    server: 'حدث خطأ، يرجى إعادة المحاولة لاحقًا',
    invalidCredentials: 'بيانات الدخول غير صحيحة',
    accountUsed: 'معلومات الحساب مستعملة من قبل',
    rateLimited: 'محاولات كثيرة، يرجى إعادة المحاولة لاحقًا',
    captcha: 'فشل التحقّق من أنك لست روبوتًا، يرجى إعادة المحاولة',
    invalidCode: 'الرمز غير صالح',
    alreadyVerified: 'تمّ التحقّق من حسابك',
    samePassword: 'يجب أن تختلف كلمة المرور الجديدة عن القديمة',
    oldPasswordInvalid: 'كلمة المرور الحالية غير صحيحة',
    testAccount: 'لا يمكن للحسابات التجريبية تغيير هذه المعلومات',
    socialCode: 'لم يعد رابط تسجيل الدخول هذا صالحًا، أعد المحاولة من البداية',
    sessionExpired: 'انتهت صلاحية جلستك، يرجى تسجيل الدخول من جديد',
    forbidden: 'غير مسموح لك بالقيام بهذا الإجراء',
    notFound: 'العنصر غير موجود',
    levelNotAllowed: 'الدخول غير مسموح به لهذا المستوى',
    contentLocked: 'يجب عليك فتح هذا الدرس أولاً',
    quizAnswerInvalid: 'هذه الإجابة لا تتوافق مع أسئلة هذا الاختبار',
    quizAttemptSubmitted: 'تمّ إرسال هذه المحاولة من قبل',
    videoReportNotPending: 'لا يمكن تعديل أو حذف إلا بلاغ قيد الانتظار',
    notVerified: 'لم يتمّ التحقّق من حسابك بعد',
    passwordExpired: 'انتهت صلاحية كلمة المرور، يرجى تغييرها',
    insufficientPoints: 'رصيد النقاط غير كافٍ',
    tooLarge: 'حجم ما أرسلته كبير جدًا',
    unsupportedType: 'هذه الصيغة غير مدعومة',
    inProgress: 'طلب مماثل قيد المعالجة، يرجى الانتظار قليلًا',
    operationImpossible: 'هذه العملية غير ممكنة',
    invalidInput: 'بعض المعلومات المُرسَلة غير صالحة',
    /** The refusals of a purchase (the pricing engine's codes, decision 0034). */
    purchase: {
      unknownPeriod: 'مدة غير معروفة',
      periodNotOffered: 'هذه المدة غير متاحة لهذا العرض',
      invalidQuantity: 'عدد الأشهر غير صالح (من 1 إلى 12)',
      divisionDisabled: 'هذا العرض غير متاح حاليًا',
      priceMissing: 'لم يُحدَّد سعر هذا العرض بعد',
      subjectsRequired: 'اختر مادة واحدة على الأقل',
      unknownSubject: 'هذه المادة ليست ضمن الباقة',
      duplicateSubject: 'تمّ اختيار مادة مرتين',
      subjectsNotSoldSeparately: 'لا تُباع مواد هذا العرض بشكل منفصل',
      sliceOutOfRange: 'هذا القسط غير موجود في هذا العرض',
      twoCodes: 'لا يمكن الجمع بين الرموز: رمز واحد في كل مرة',
      codeAlreadyAdded: 'تمّت إضافة هذا الرمز من قبل',
      codeRequired: 'رمز القسيمة مطلوب',
      codeTooShort: 'يجب أن يتكوّن الرمز من 3 أحرف على الأقل',
      ownCode: 'لا يمكنك استعمال رمزك الخاص',
      unknownCode: 'هذا الرمز غير موجود',
      codeInactive: 'انتهت صلاحية هذا الرمز أو لم يعد مفعّلًا',
      codeExpired: 'انتهت صلاحية هذا الرمز أو لم يعد مفعّلًا',
      codeNotApplicable: 'هذا الرمز غير صالح لهذا القسم أو هذا العرض أو هذه المدة',
      codeFirstSliceOnly: 'لا يُطبَّق الرمز إلا على القسط الأول',
      invalidCoupon: 'هذا الرمز غير صالح',
      codeMaxUsesReached: 'بلغ هذا الرمز الحدّ الأقصى لعدد الاستعمالات',
      codeAlreadyUsed: 'لقد استعملت هذا الرمز من قبل',
      earlierSliceUnpaid: 'يجب دفع الأقساط السابقة أولًا',
      sliceAlreadyPaid: 'تمّ دفع هذا القسط من قبل',
      chapterAlreadyPurchased: 'لقد اشتريت هذا الفصل من قبل',
      subscriptionEnded: 'انتهى هذا الاشتراك من قبل',
      subscriptionCancelled: 'تمّ إلغاء هذا الاشتراك',
      operatorPlanNotActive: 'لا يوجد اشتراك نشط لدى مشغّل الهاتف',
      operatorRefused: 'تعذّر على المشغّل معالجة هذا الطلب'
    }
  },
  rules: {
    common: {
      required: 'هذا الحقل إلزامي',
      invalid: 'قيمة غير صالحة',
      tooLong: 'القيمة طويلة جدًّا',
      unknownField: 'هذا الحقل غير متوقَّع',
      fillFields: 'املأ الحقول'
    },
    credential: {
      required: 'يرجى إدخال بريدك الإلكتروني أو رقم هاتفك',
      invalid: 'يرجى إدخال رقم هاتف أو بريد إلكتروني صالح',
      unchanged: 'سبق أن أُرسل الرمز إلى هذا الرقم أو هذا العنوان، استعمل «إعادة إرسال الرمز»',
      unchangedResent: 'سبق أن أُرسل الرمز إلى هذا الرقم أو هذا العنوان، أدخل الرمز الذي وصلك',
      alreadyUsed: 'معلومات الحساب مستعملة من قبل',
      unknown: 'هذا البريد الإلكتروني أو رقم الهاتف غير موجود'
    },
    password: {
      required: 'يرجى إدخال كلمة المرور',
      min: 'كلمة المرور 8 أحرف على الأقل',
      length: 'يجب أن يتراوح طول كلمة المرور بين 8 و16 حرفًا',
      uppercase: 'يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل',
      lowercase: 'يجب أن تحتوي كلمة المرور على حرف صغير واحد على الأقل',
      digit: 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل',
      special: 'يجب أن تحتوي كلمة المرور على رمز خاص واحد على الأقل',
      repeated: 'يجب ألّا تكرّر كلمة المرور الحرف نفسه ست مرات أو أكثر',
      mismatch: 'يجب أن تتطابق كلمتا المرور',
      newMismatch: 'كلمتا المرور الجديدتان غير متطابقتين',
      confirmRequired: 'تأكيد كلمة المرور مفقود',
      sameAsOld: 'يجب أن تختلف كلمة المرور الجديدة عن القديمة',
      oldInvalid: 'كلمة المرور الحالية غير صحيحة'
    },
    names: {
      firstNameRequired: 'الاسم إلزامي',
      firstNameInvalid: 'يرجى إدخال اسم صالح',
      lastNameRequired: 'اللقب إلزامي',
      lastNameInvalid: 'يرجى إدخال لقب صالح'
    },
    phone: {
      required: 'رقم الهاتف إلزامي',
      invalid: 'يرجى إدخال رقم هاتف صالح',
      sameAsMain: 'يجب أن يختلف الرقم الثاني عن الرقم الرئيسي',
      locked: 'لم يعد بالإمكان تغيير رقم الهاتف',
      operatorTaken: 'الرقم موجود مسبقًا',
      operatorNoAccount: 'لا يوجد حساب تلميذ بهذا الرقم: أنشئ حسابًا أو سجّل الدخول'
    },
    parentPhone: {
      required: 'رقم الهاتف إلزامي',
      length: 'يجب أن يتكوّن رقم الهاتف من 8 أرقام بالضبط',
      format: 'صيغة رقم الهاتف غير صالحة'
    },
    email: {
      required: 'البريد الإلكتروني إلزامي',
      invalid: 'يرجى إدخال بريد إلكتروني صالح',
      useAddEmail: 'يُضاف البريد الإلكتروني عبر «إضافة بريد إلكتروني» ويُؤكَّد برمز'
    },
    birthDate: {
      required: 'تاريخ الميلاد إلزامي',
      format: 'صيغة التاريخ غير صالحة',
      tooLate: 'يجب أن يكون هذا التاريخ قبل 16 ماي 2018',
      minAge: 'يجب ألّا يقلّ العمر عن 5 سنوات',
      future: 'لا يمكن أن يكون تاريخ الميلاد في المستقبل'
    },
    code: {
      required: 'رمز التحقّق إلزامي',
      invalid: 'الرمز غير صالح',
      missing: 'الرمز مفقود'
    },
    division: {
      required: 'القسم إلزامي',
      unknown: 'هذا القسم غير معروف',
      changeByRequest: 'يتمّ تغيير القسم عبر طلب تغيير القسم'
    },
    optionalSubject: { invalid: 'هذا الاختيار غير موجود لهذا القسم', required: 'المادة الاختيارية إلزامية' },
    state: { required: 'الولاية إلزامية' },
    country: { required: 'البلد إلزامي' },
    address: { required: 'املأ حقلَي البلد والولاية', invalid: 'عنوان غير صالح' },
    captcha: {
      required: 'يرجى التأكيد أنك لست روبوتًا',
      invalid: 'فشل التحقّق من أنك لست روبوتًا، يرجى إعادة المحاولة'
    },
    profile: { readOnlyUntilCompleted: 'لا يمكن تعديل هذا الحقل إلا بعد اكتمال الملف الشخصي' },
    search: { tooShort: 'اكتب 3 أحرف على الأقل' },
    videoReport: { fieldsRequired: 'يرجى ملء حقلي السبب والوصف' }
  }
}
