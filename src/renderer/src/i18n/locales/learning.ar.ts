import type { Catalogue } from './fr.ts'

export const learningAr: Catalogue['learning'] = {
  section: {
    loading: 'جارٍ التحميل…',
    failed: 'تعذّر تحميل هذه الصفحة.',
    retry: 'إعادة المحاولة'
  },
  subjects: {
    title: 'المواد',
    coursesTitle: 'الدروس',
    subtitle: 'اختر مادة لمتابعة فصولها ودروسها.',
    empty: 'لا توجد مادة متاحة لقسمك.',
    progress: 'التقدّم',
    progressValue: '{{value}}٪'
  },
  details: {
    back: 'المواد',
    tabsLabel: 'أنواع الفصول',
    tabs: {
      course: 'الدروس',
      exam: 'الامتحانات',
      recording: 'التسجيلات',
      divers: 'متفرقات'
    },
    otherChapters: 'فصول أخرى',
    chapterProgress: 'التقدّم في الفصل {{number}}',
    noLesson: 'قريبًا',
    videosOne: 'فيديو واحد',
    videosTwo: 'فيديوان',
    videosFew: '{{count}} فيديوهات',
    videosOther: '{{count}} فيديو',
    magazinesOne: 'مجلة واحدة',
    magazinesTwo: 'مجلتان',
    magazinesFew: '{{count}} مجلات',
    magazinesOther: '{{count}} مجلةً',
    levelRefused: 'الدخول غير مسموح به لهذا المستوى',
    levelRefusedText: 'هذه المادة لا تنتمي إلى قسمك.',
    backToSubjects: 'العودة إلى المواد'
  },
  widget: {
    label: 'حول المادة',
    progress: 'التقدّم',
    chaptersOne: 'فصل واحد',
    chaptersTwo: 'فصلان',
    chaptersFew: '{{count}} فصول',
    chaptersOther: '{{count}} فصلًا',
    videosOne: 'فيديو واحد',
    videosTwo: 'فيديوان',
    videosFew: '{{count}} فيديوهات',
    videosOther: '{{count}} فيديو',
    others: 'مواد أخرى',
    more: 'عرض المزيد',
    less: 'عرض أقل'
  },
  ads: {
    label: 'اكتشف',
    open: 'اكتشف',
    video: 'شاهد الفيديو'
  },
  lesson: {
    breadcrumb: 'مسار التنقل',
    back: 'العودة إلى {{subject}}',
    previous: 'الدرس السابق',
    next: 'الدرس التالي',
    completed: 'اكتمل الدرس',
    watched: 'تمت مشاهدة {{value}} %',
    instructor: 'الأستاذ',
    chapter: 'الفصل',
    attachments: 'المرفقات',
    noAttachments: 'لا توجد مرفقات في هذا الدرس',
    listLabel: 'دروس المادة',
    current: 'الدرس الحالي',
    lockedLesson: 'درس مقفل',
    completedLesson: 'درس مكتمل',
    lockedTitle: 'هذا الدرس مقفل',
    lockedText: 'يجب عليك فتح هذا الدرس: اختر عرضًا لمشاهدته.',
    lockedAction: 'عرض العروض',
    noVideo: 'سيتوفر فيديو هذا الدرس قريبًا.',
    freeEndedTitle: 'انتهت ساعاتك المجانية',
    freeEndedText: 'اشترك في عرض لمواصلة مشاهدة الدروس.',
    freeEndedAction: 'عرض العروض',
    freeHours: 'يُحتسب هذا الدرس من ساعاتك المجانية.'
  },
  player: {
    label: 'مشغل الفيديو: {{name}}',
    play: 'تشغيل',
    pause: 'إيقاف مؤقت',
    seek: 'الموضع في الفيديو',
    time: '{{position}} من {{duration}}',
    speed: 'السرعة',
    fullscreen: 'ملء الشاشة',
    exitFullscreen: 'الخروج من ملء الشاشة',
    offline: 'انقطع الاتصال: تقدمك محفوظ وسيُرسل فور عودته.',
    failed: 'تعذر تشغيل الفيديو.',
    retry: 'إعادة المحاولة',
    keys: 'المسافة: تشغيل أو إيقاف · ← →: 5 ثوانٍ · F: ملء الشاشة'
  },
  actions: {
    label: 'إجراءات الدرس',
    bookmark: 'إضافة إلى المفضلة',
    unbookmark: 'إزالة من المفضلة',
    love: 'أحببته',
    report: 'إبلاغ',
    sad: 'حزين',
    interactionsOne: 'تفاعل واحد',
    interactionsTwo: 'تفاعلان',
    interactionsFew: '{{count}} تفاعلات',
    interactionsOther: '{{count}} تفاعلًا',
    unlockFirst: 'يجب عليك فتح هذا الدرس',
    failed: 'تعذر حفظ إجرائك. أعد المحاولة.',
    bookmarkAdded: 'أضيف الدرس إلى مفضلتك',
    bookmarkRemoved: 'أزيل الدرس من مفضلتك'
  },
  favourites: {
    title: 'قائمة المفضلة',
    subtitle: 'الدروس التي أضفتها إلى مفضلتك، الأحدث أولًا.',
    empty: 'لا توجد دروس في مفضلتك حاليًا.',
    since: 'أضيف في {{date}}',
    remove: 'إزالة «{{name}}» من المفضلة'
  },
  attachments: {
    download: 'تنزيل {{name}}',
    downloadShort: 'تنزيل',
    retry: 'إعادة محاولة تنزيل {{name}}',
    retryShort: 'إعادة المحاولة',
    downloading: 'جارٍ تنزيل {{name}}',
    failed: 'فشل التنزيل: لم يُحفظ أي ملف.',
    notIncluded: 'غير مشمول في عرضك'
  }
}
