import { authAr } from './auth.ar.ts'
import type { BundledCatalogue } from './fr.ts'

export const ar: BundledCatalogue = {
  auth: authAr,
  shell: {
    appName: 'درسي',
    skipToContent: 'الانتقال إلى المحتوى',
    loading: 'جارٍ التحميل…',
    header: {
      homeLink: 'درسي، العودة إلى الصفحة الرئيسية',
      openNavigation: 'فتح القائمة',
      closeNavigation: 'إغلاق القائمة',
      expandSidebar: 'توسيع القائمة الجانبية',
      collapseSidebar: 'طيّ القائمة الجانبية',
      searchLabel: 'بحث',
      searchPlaceholder: 'ابحث عن درس…'
    },
    sidebar: {
      label: 'القائمة الرئيسية',
      home: 'الرئيسية',
      profile: 'ملفي الشخصي',
      offers: 'العروض',
      subjects: 'المواد',
      exams: 'الامتحانات',
      sessions: 'الحصص المباشرة',
      forum: 'المنتدى',
      wallet: 'المحفظة',
      assistance: 'المساعدة',
      revenue: 'المداخيل',
      parrain: 'دعوة الأصدقاء',
      opensInBrowser: 'يُفتح في المتصفح'
    },
    language: {
      label: 'اللغة',
      change: '{{language}}، تغيير اللغة',
      fr: 'Français',
      'en-US': 'English',
      ar: 'العربية'
    },
    theme: {
      toLight: 'التبديل إلى المظهر الفاتح',
      toDark: 'التبديل إلى المظهر الداكن'
    },
    userMenu: {
      label: 'قائمة المستخدم',
      profile: 'ملفي الشخصي',
      favourites: 'قائمة المفضلة',
      parentRequests: 'طلبات الوليّ',
      reports: 'بلاغاتي',
      history: 'السجلّ',
      terms: 'شروط الاستخدام',
      changePassword: 'تغيير كلمة المرور',
      logout: 'تسجيل الخروج'
    },
    walletWidget: {
      label: 'المحفظة: {{amount}} {{unit}}',
      unitOne: 'نقطة',
      unitOther: 'نقاط',
      freeHours: 'الساعات المجانية: استُعمل {{used}} من {{total}}',
      freeHoursExpired: 'نفدت الساعات المجانية',
      hours: '{{hours}} س',
      minutes: '{{minutes}} د',
      hoursMinutes: '{{hours}} س {{minutes}} د'
    },
    footer: {
      label: 'التواصل ومواقع التواصل الاجتماعي',
      contact: 'اتصل بنا',
      phone: 'الهاتف:',
      follow: 'تابعنا',
      facebook: 'فيسبوك',
      instagram: 'إنستغرام',
      youtube: 'يوتيوب',
      copyright: '© {{year}} درسي'
    },
    externalLink: {
      failed: 'تعذّر فتح الرابط'
    },
    snackbar: {
      region: 'الإشعارات',
      dismiss: 'إغلاق الإشعار'
    },
    settings: {
      saveFailed: 'تعذّر حفظ الإعداد'
    },
    inbox: {
      notifications: {
        label: 'الإشعارات',
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
        failed: 'تعذّر البحث، حاول مرة أخرى',
        disabled: 'البحث غير متاح مع عرضك',
        results: 'نتائج البحث'
      }
    },
    notFound: {
      title: 'عذرًا، خطأ 404',
      text: 'يبدو أن الصفحة التي تبحث عنها غير موجودة',
      backHome: 'العودة إلى الصفحة الرئيسية'
    },
    placeholder: {
      badge: 'قريبًا',
      text: 'ستتوفر شاشة «{{screen}}» قريبًا.',
      backHome: 'العودة إلى الصفحة الرئيسية'
    },
    error: {
      title: 'حدث خطأ',
      text: 'تعذّر عرض هذه الصفحة.',
      reload: 'إعادة التحميل'
    }
  },
  routes: {
    home: 'الرئيسية',
    profile: 'ملفي الشخصي',
    profileEdit: 'تعديل ملفي الشخصي',
    offers: 'العروض',
    subjects: 'المواد',
    courses: 'الدروس',
    subjectDetails: 'تفاصيل المادة',
    lesson: 'الدرس',
    recording: 'التسجيل',
    exams: 'الامتحانات',
    examDetails: 'تفاصيل الامتحان',
    examsCalendar: 'رزنامة الامتحانات',
    sessions: 'الحصص المباشرة',
    wallet: 'المحفظة',
    favourites: 'قائمة المفضلة',
    history: 'السجلّ',
    parentRequests: 'طلبات الوليّ',
    reports: 'بلاغاتي',
    assistance: 'المساعدة',
    revenue: 'المداخيل',
    generateGiftCode: 'إنشاء رمز الدعوة',
    giftCode: 'دعوة الأصدقاء',
    convertCoins: 'تحويل الرموز إلى نقاط',
    parrainProducts: 'الهدايا',
    parrainProduct: 'تفاصيل الهدية',
    parrainConfirmOrder: 'تأكيد الطلب',
    parrainPurchaseHistory: 'تفاصيل الطلب',
    parrainNoCoins: 'رصيد الرموز غير كافٍ',
    parrainEmptyCart: 'السلة فارغة',
    inboxMessage: 'رسالة',
    confirm: 'الخطوة الأخيرة',
    updatePassword: 'تغيير كلمة المرور',
    switch: 'تبديل الحساب',
    login: 'تسجيل الدخول',
    register: 'إنشاء حساب',
    requestPasswordReset: 'نسيت كلمة المرور',
    resetPassword: 'إعادة تعيين كلمة المرور',
    operatorOffers: 'عروض المشغّل',
    socialCallback: 'جارٍ تسجيل الدخول',
    notFound: 'الصفحة غير موجودة'
  }
}
