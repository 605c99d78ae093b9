import type { Catalogue } from './fr.ts'

export const supportAr: Catalogue['support'] = {
  common: {
    loading: 'جارٍ التحميل…',
    failed: 'تعذّر تحميل هذه الصفحة.',
    retry: 'إعادة المحاولة'
  },
  status: {
    pending: 'قيد الانتظار',
    inProgress: 'قيد المعالجة',
    rejected: 'مرفوض',
    resolved: 'تمّت المعالجة'
  },
  reports: {
    title: 'بلاغاتي',
    subtitle: 'المشاكل التي أبلغتَ عنها في فيديوهات الدروس ومآل معالجتها.',
    empty: 'لم تُبلِغ عن أيّ فيديو.',
    caption: 'بلاغاتي عن الفيديوهات',
    date: 'التاريخ',
    lesson: 'الدرس',
    reason: 'السبب',
    status: 'الحالة',
    rejectReason: 'سبب الرفض',
    actions: 'الإجراءات',
    edit: 'تعديل البلاغ عن «{{lesson}}»',
    delete: 'حذف البلاغ عن «{{lesson}}»',
    deleted: 'تمّ حذف البلاغ',
    confirmTitle: 'هل تريد حذف هذا البلاغ؟',
    confirmBody: 'سيُحذف البلاغ عن «{{lesson}}» نهائيًّا.',
    confirmDelete: 'حذف',
    cancel: 'إلغاء'
  },
  dialog: {
    createTitle: 'الإبلاغ عن مشكلة',
    editTitle: 'تعديل البلاغ',
    lesson: 'الدرس: {{lesson}}',
    reason: 'السبب',
    choose: 'اختر سببًا',
    description: 'الوصف',
    descriptionHint: 'صِف المشكلة (متى تحدث، وما الذي تراه أو تسمعه).',
    reasonsFailed: 'تعذّر تحميل الأسباب.',
    retry: 'إعادة المحاولة',
    cancel: 'إلغاء',
    send: 'إرسال',
    save: 'حفظ',
    created: 'تمّ إرسال البلاغ',
    updated: 'تمّ تعديل البلاغ'
  },
  assistance: {
    title: 'المساعدة',
    subtitle: 'فيديوهات تساعدك على استعمال دارسي.',
    empty: 'لا توجد فيديوهات مساعدة حاليًّا.',
    unplayable: 'لا يمكن تشغيل هذا الفيديو حاليًّا.'
  }
}
