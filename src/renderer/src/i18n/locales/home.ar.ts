import type { Catalogue } from './fr.ts'

export const homeAr: Catalogue['home'] = {
  page: {
    greeting: 'مرحبًا {{name}}!',
    subtitle: 'يومك على درسي: الحصص المباشرة والدروس الجديدة وتقدّمك.'
  },
  section: {
    loading: 'جارٍ التحميل…',
    failed: 'تعذّر تحميل هذا الجزء.',
    retry: 'إعادة المحاولة'
  },
  profile: {
    noDivision: 'القسم غير محدّد',
    unitOne: 'نقطة',
    unitTwo: 'نقطتان',
    unitOther: 'نقاط',
    open: 'عرض ملفي الشخصي',
    pointsLabel: 'المحفظة: {{amount}} {{unit}}'
  },
  warning: {
    title: 'اشتراكك يقترب من نهايته',
    offer: 'ينتهي عرضك {{name}} يوم {{date}}.',
    slice: 'يجب دفع القسط رقم {{index}} من عرضك {{name}} قبل {{date}}.',
    daysOne: 'بقي يوم واحد',
    daysTwo: 'بقي يومان',
    daysFew: 'بقيت {{count}} أيام',
    daysOther: 'بقي {{count}} يومًا',
    hoursOne: 'بقيت ساعة واحدة',
    hoursTwo: 'بقيت ساعتان',
    hoursFew: 'بقيت {{count}} ساعات',
    hoursOther: 'بقيت {{count}} ساعة',
    progress: 'المدة المنقضية من فترة التنبيه',
    renew: 'تجديد عرضي'
  },
  sessions: {
    title: 'حصص اليوم المباشرة',
    empty: 'لا توجد حصة مباشرة اليوم.',
    all: 'كل الحصص',
    time: 'من {{start}} إلى {{end}}',
    teacher: 'مع {{teacher}}',
    state: {
      inProgress: 'جارية الآن',
      upcoming: 'قريبًا',
      finished: 'انتهت'
    }
  },
  latest: {
    title: 'آخر الدروس',
    empty: 'لا توجد دروس جديدة حاليًا.'
  },
  free: {
    title: 'فيديوهات مجانية',
    empty: 'لا توجد فيديوهات مجانية حاليًا.',
    badge: 'مجاني'
  },
  content: {
    added: 'أُضيف يوم {{date}}',
    minutesOne: 'دقيقة واحدة',
    minutesTwo: 'دقيقتان',
    minutesFew: '{{count}} دقائق',
    minutesOther: '{{count}} دقيقة'
  },
  progress: {
    title: 'تقدّمي',
    empty: 'لا توجد مواد لقسمك.',
    all: 'كل المواد',
    value: '{{value}}٪'
  },
  forum: {
    title: 'المنتدى',
    empty: 'لا توجد مواضيع حديثة.',
    open: 'فتح المنتدى',
    meta: 'بقلم {{author}} · {{date}}',
    replies: 'الردود: {{count}}',
    opensInBrowser: 'يُفتح في المتصفح'
  },
  ads: {
    label: 'في الواجهة',
    open: 'فتح',
    video: 'مشاهدة الفيديو'
  },
  welcome: {
    title: 'مرحبًا بك في درسي يا {{name}}!',
    body: 'تجمع صفحتك الرئيسية حصص اليوم المباشرة وآخر الدروس والفيديوهات المجانية وتقدّمك في كل مادة.',
    start: 'لنبدأ'
  }
}
