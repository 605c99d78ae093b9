import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureProfileCatalogue, profileCatalogues } from '../../../../src/renderer/src/i18n/profileCatalogue.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'
import type { TranslationKey } from '../../../../src/renderer/src/i18n/keys.ts'

describeLazyNamespace('profile', profileCatalogues)

describe('the profile namespace, loaded with its screens', () => {
  it('resolves once added', () => {
    const i18n = loadedI18n('fr', 'profile:edit.titleIncomplete', ensureProfileCatalogue)
    expect(i18n.t('profile:edit.titleIncomplete')).toBe('Compléter vos données')
    expect(i18n.t('profile:edit.titleCompleted')).toBe('Modifier mon profil')
    expect(i18n.t('profile:edit.processing')).toBe('En traitement...')
    expect(i18n.t('profile:rules.divisionRequest.reasonRequired')).toBe('Remplir le champ raison')
    // Quoted in English by the specification: French reads it in French, English keeps the quote.
    expect(i18n.t('profile:rules.marksheet.divisionRequired')).toBe('Veuillez choisir une classe')
    const english = createI18n('en-US')
    ensureProfileCatalogue(english)
    expect(english.t('profile:rules.marksheet.divisionRequired')).toBe('Please select a division')
  })
})

describe('the profile success and refusal texts, in each language', () => {
  const texts = (language: 'fr' | 'en-US' | 'ar') => {
    const i18n = createI18n(language)
    ensureProfileCatalogue(i18n)
    const t = i18n.t.bind(i18n) as unknown as (key: string, values: Record<string, string>) => string
    return (key: TranslationKey, values: Record<string, string> = {}) => t(key, values)
  }

  it('says each success and refusal in French, English and Arabic', () => {
    const expected: Partial<Record<TranslationKey, [string, string, string]>> = {
      'profile:email.sent': [
        'Un code de vérification a été envoyé à votre adresse e-mail',
        'A verification code has been sent to your e-mail address',
        'أُرسل رمز تحقّق إلى بريدك الإلكتروني'
      ],
      'profile:email.confirmed': ['Votre adresse e-mail est confirmée', 'Your e-mail address is confirmed', 'تمّ تأكيد بريدك الإلكتروني'],
      'profile:parentPhone.saved': ['Le numéro du parent est enregistré', 'The parent’s number is saved', 'تمّ حفظ رقم هاتف الوليّ'],
      'profile:divisionChange.sent': [
        'Votre demande de changement de classe a été envoyée',
        'Your class change request has been sent',
        'تمّ إرسال طلب تغيير القسم'
      ],
      'profile:marksheets.uploaded': ['Le bulletin a été envoyé', 'The report card has been uploaded', 'تمّ إرسال بطاقة الأعداد'],
      'profile:marksheets.deleted': ['Le bulletin a été supprimé', 'The report card has been deleted', 'تمّ حذف بطاقة الأعداد'],
      'profile:marksheets.notPending': [
        'Seul un bulletin en attente peut être supprimé',
        'Only a pending report card can be deleted',
        'لا يمكن حذف إلا بطاقة أعداد قيد الانتظار'
      ],
      'profile:edit.saved': ['Profil mis à jour', 'Profile updated', 'تمّ تحديث الملف الشخصي']
    }
    const [fr, en, ar] = [texts('fr'), texts('en-US'), texts('ar')]
    for (const [key, [french, english, arabic]] of Object.entries(expected) as [TranslationKey, [string, string, string]][]) {
      expect([fr(key), en(key), ar(key)], key).toEqual([french, english, arabic])
    }
  })

  it('puts the classes of a request and the e-mail status in sentences, not in code', () => {
    const [fr, en, ar] = [texts('fr'), texts('en-US'), texts('ar')]
    expect(fr('profile:divisionChange.fromTo', { from: '7e', to: '8e' })).toBe('De 7e vers 8e')
    expect(en('profile:divisionChange.fromTo', { from: '7e', to: '8e' })).toBe('From 7e to 8e')
    expect(ar('profile:divisionChange.fromTo', { from: 'السابعة', to: 'الثامنة' })).toBe('من السابعة إلى الثامنة')
    expect(en('profile:page.emailWithStatus', { email: 'a@b.tn', status: 'Verified' })).toBe('a@b.tn (Verified)')
    expect(ar('profile:page.emailWithStatus', { email: 'a@b.tn', status: 'مؤكد' })).toBe('a@b.tn، مؤكد')
  })

  it('uses one Arabic word for each of birth date, test account and parent', () => {
    const ar = JSON.stringify(profileCatalogues.ar)
    expect(ar).not.toMatch(/تاريخ الولادة|حسابات التجربة|حساب تجربة/)
    expect(ar).not.toMatch(/الولي(?!ّ)/)
    expect(profileCatalogues.ar.page.birthDate).toBe('تاريخ الميلاد')
    expect(profileCatalogues.ar.edit.testAccountTitle).toBe('حساب تجريبي')
  })
})
