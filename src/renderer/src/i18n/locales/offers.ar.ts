import type { Catalogue } from './fr.ts'

/** The offers screen's texts in Arabic. */
export const offersAr: Catalogue['offers'] = {
  page: {
    title: 'العروض',
    subtitle: 'اختر العرض الذي يناسبك وادفع ثمنه بنقاطك (نقطة واحدة = دينار واحد).',
    loading: 'جارٍ التحميل…',
    failed: 'تعذّر تحميل العروض.',
    retry: 'إعادة المحاولة',
    empty: 'لا يوجد أي عرض متاح لقسمك.',
    movedTitle: 'انتقل محتواك',
    movedText: 'نُقل محتوى قسمك إلى منصّة تعليمية أخرى.'
  },
  card: {
    pack: 'باقة',
    free: 'مجاني',
    unavailable: 'غير متاح',
    buy: 'شراء',
    discountPercent: 'تخفيض {{value}} %',
    discountFixed: '{{amount}} د.ت',
    price: {
      day: '{{amount}} د.ت / اليوم',
      week: '{{amount}} د.ت / الأسبوع',
      month: '{{amount}} د.ت / الشهر',
      rest_of_year: '{{amount}} د.ت / السنة الدراسية',
      fixed: '{{amount}} د.ت'
    },
    fromPerSubject: 'ابتداءً من {{amount}} د.ت للمادة',
    slicesOne: 'قابل للدفع على قسط واحد',
    slicesTwo: 'قابل للدفع على قسطين',
    slicesFew: 'قابل للدفع على {{count}} أقساط',
    slicesOther: 'قابل للدفع على {{count}} قسطًا'
  },
  dialog: {
    period: 'المدّة',
    periods: {
      day: 'باليوم',
      month: 'بالشهر',
      rest_of_year: 'بقية السنة',
      fixed: 'حتى نهاية السنة الدراسية'
    },
    days: 'عدد الأيام',
    dayOne: 'يوم واحد',
    daySeven: '7 أيام',
    dayNote: 'يُدفع الاشتراك اليومي عبر مشغّل الهاتف الجوّال ويتجدّد تلقائيًا إلى أن تلغي اشتراكك.',
    months: 'عدد الأشهر',
    monthsOne: 'شهر واحد',
    monthsTwo: 'شهران',
    monthsFew: '{{count}} أشهر',
    monthsOther: '{{count}} شهرًا',
    multiMonth: 'عدّة أشهر',
    subjects: 'المواد',
    allSubjects: 'الكل',
    subjectPrice: '{{amount}} د.ت',
    payment: 'طريقة الدفع',
    inSlicesOne: 'على قسط واحد',
    inSlicesTwo: 'على قسطين',
    inSlicesFew: 'على {{count}} أقساط',
    inSlicesOther: 'على {{count}} قسطًا',
    whole: 'دفعة واحدة',
    code: 'رمز القسيمة أو رمز الإحالة',
    codePlaceholder: 'مثال: BIENVENUE10 أو CP…',
    applyCode: 'تطبيق',
    removeCode: 'إزالة الرمز',
    priceTitle: 'السعر',
    listPrice: 'السعر قبل التخفيض',
    base: 'السعر',
    packDiscount: 'تخفيض الباقة ({{value}} %)',
    referralDiscount: 'الإحالة {{code}} (5 %)',
    couponDiscount: 'القسيمة {{code}}',
    total: 'المجموع',
    dueNow: 'المبلغ المطلوب الآن (القسط {{index}} من {{count}})',
    sliceList: 'الأقساط: {{amounts}}',
    amount: '{{amount}} د.ت',
    access: 'النفاذ من {{start}} إلى {{end}}',
    accessFrom: 'النفاذ ابتداءً من {{start}}',
    cancel: 'إلغاء',
    next: 'شراء',
    confirmTitle: 'تأكيد الشراء',
    confirmText: 'ستُخصم {{amount}} نقطة من محفظتك مقابل {{offer}}.',
    back: 'رجوع',
    confirm: 'تأكيد الشراء'
  },
  code: {
    applied: 'تمّ تطبيق الرمز'
  },
  purchase: {
    success: 'تمّ تفعيل الاشتراك',
    operatorOnly: 'يُشترى هذا الاشتراك لدى مشغّل الهاتف الجوّال.'
  },
  operator: {
    title: 'الدفع عبر مشغّل الهاتف الجوّال',
    daily: '{{offer}}: اشتراك يومي (يوم واحد) يتجدّد تلقائيًا كلّ يوم إلى أن تلغي اشتراكك.',
    weekly: '{{offer}}: اشتراك أسبوعي (7 أيام) يتجدّد تلقائيًا كلّ أسبوع إلى أن تلغي اشتراكك.',
    phone: 'رقم الهاتف',
    phoneHint: 'الرقم الذي يخصم منه المشغّل؛ يرسل إليك رمزًا سرّيًا برسالة قصيرة.',
    continue: 'متابعة',
    reopen: 'إعادة فتح الصفحة',
    opened: 'صفحة المشغّل مفتوحة في متصفّحك: أكّد فيها الاشتراك بالرمز السرّي الذي وصلك برسالة قصيرة.',
    activated: 'تمّ تفعيل الاشتراك',
    activatedText: 'اشتراكك نشط: دروسك مفتوحة.',
    failedTitle: 'حدث خطأ',
    failedText: 'تعذّر إتمام العملية، يُرجى المحاولة لاحقًا',
    close: 'إغلاق',
    menu: 'خيارات {{offer}}',
    unsubscribe: 'إلغاء الاشتراك',
    unsubscribeTitle: 'هل تريد إلغاء الاشتراك؟',
    unsubscribeText: 'لن يتجدّد الاشتراك بعد الآن. يبقى دخولك مفتوحًا إلى غاية {{date}}.',
    unsubscribed: 'تمّ إلغاء الاشتراك: يبقى الدخول مفتوحًا إلى غاية {{date}}.'
  }
}
