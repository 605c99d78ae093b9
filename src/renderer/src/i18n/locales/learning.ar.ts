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
  }
}
