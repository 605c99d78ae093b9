import type { Catalogue } from './fr.ts'

export const inboxAr: Catalogue['inbox'] = {
  notifications: {
    label: 'الإشعارات',
    labelWithOne: 'الإشعارات، إشعار واحد غير مقروء',
    labelWithCount: 'الإشعارات، {{count}} غير مقروءة',
    title: 'الإشعارات',
    all: 'الكل',
    unread: 'غير المقروءة',
    empty: 'لا توجد إشعارات حاليًا',
    emptyUnread: 'لا توجد إشعارات غير مقروءة',
    loadFailed: 'تعذّر تحميل الإشعارات',
    moreFailed: 'تعذّر تحميل المزيد',
    retry: 'إعادة المحاولة',
    loadingMore: 'جارٍ تحميل المزيد…',
    settings: 'إعدادات الإشعارات',
    back: 'العودة إلى الإشعارات',
    unseen: 'غير مقروء',
    reconnecting: 'انقطع الاتصال، جارٍ إعادة الاتصال…'
  },
  messages: {
    label: 'الرسائل',
    labelWithOne: 'الرسائل، رسالة واحدة غير مقروءة',
    labelWithCount: 'الرسائل، {{count}} غير مقروءة',
    title: 'الرسائل',
    all: 'الكل',
    unread: 'غير المقروءة',
    empty: 'لا توجد رسائل حاليًا',
    emptyUnread: 'لا توجد رسائل غير مقروءة',
    loadFailed: 'تعذّر تحميل الرسائل',
    retry: 'إعادة المحاولة',
    unseen: 'غير مقروءة',
    notFound: 'هذه الرسالة غير موجودة',
    received: 'وصلت في {{date}}',
    backHome: 'العودة إلى الصفحة الرئيسية'
  },
  popup: {
    close: 'إغلاق',
    never: 'عدم الإظهار مجددًا',
    failed: 'تعذّر حفظ اختيارك، حاول مرة أخرى'
  },
  search: {
    noOptions: 'لا توجد نتائج',
    minChars: 'اكتب 3 أحرف على الأقل',
    searching: 'جارٍ البحث…',
    disabled: 'البحث غير متاح مع عرضك',
    results: 'نتائج البحث'
  }
}
