import { describe, expect, it } from 'vitest'
import { UpdateProfileBodySchema } from '../../../src/shared/api/accounts.ts'
import { TransferPointsBodySchema } from '../../../src/shared/api/wallet.ts'
import {
  checkPaymentAmount,
  checkTransferPoints,
  paymentAmountSchema,
  readAmount,
  transferPointsSchema
} from '../../../src/shared/rules/amounts.ts'
import { checkConfirmationCode, checkResetCode, confirmationCodeSchema, resetCodeSchema } from '../../../src/shared/rules/code.ts'
import { checkCredential, credentialSchema, parseCredential } from '../../../src/shared/rules/credential.ts'
import { normalizeAmountInput, normalizeCodeInput, normalizeDigits } from '../../../src/shared/rules/input.ts'
import { checkNewPassword } from '../../../src/shared/rules/password.ts'
import { checkParentPhone, checkPhone, normalizeTunisianPhone, parentPhoneSchema } from '../../../src/shared/rules/phone.ts'
import { checkOptionalSubject, registrationSchema } from '../../../src/shared/rules/registration.ts'

/** The same text typed on an Arabic keyboard (٠–٩) and on a Persian one (۰–۹). */
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))
const easternArabic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)))

describe('digits as pupils type them (decision 0026)', () => {
  it('reads Arabic-Indic and Eastern Arabic digits as ASCII digits, and leaves the rest as typed', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(normalizeDigits('+٢١٦ ٢٠ ۰۰۰ 001')).toBe('+216 20 000 001')
    expect(normalizeDigits('Amina #2')).toBe('Amina #2')
  })

  it('takes the grouping spaces and dashes out of a code, and reads the Arabic decimal separator as a point', () => {
    expect(normalizeCodeInput('965 838')).toBe('965838')
    expect(normalizeCodeInput(' ٩٦٥-٨٣٨ ')).toBe('965838')
    expect(normalizeCodeInput('965\u2013838')).toBe('965838')
    expect(normalizeAmountInput('١٥٫٥')).toBe('15.5')
  })

  it('accepts phones, credentials, codes and amounts typed in them', () => {
    for (const typed of [arabicIndic('20000001'), easternArabic('20000001'), `+${arabicIndic('216 20 000 001')}`]) {
      expect(checkPhone(typed), typed).toBeNull()
      expect(checkCredential(typed), typed).toBeNull()
      expect(parseCredential(typed), typed).toEqual({ kind: 'phone', value: '20000001' })
      expect(checkParentPhone(typed), typed).toBeNull()
    }
    expect(checkConfirmationCode(arabicIndic('965838'))).toBeNull()
    expect(checkResetCode(easternArabic('965838'))).toBeNull()
    expect(readAmount(arabicIndic('15') + '\u066B' + arabicIndic('5'))).toBe(15.5)
    expect(checkPaymentAmount(arabicIndic('15'))).toBeNull()
    expect(checkTransferPoints(arabicIndic('10'))).toBeNull()
  })

  it('hands the server ASCII digits whatever the client sent', () => {
    expect(credentialSchema.parse(arabicIndic('20000001'))).toBe('20000001')
    expect(confirmationCodeSchema.parse(arabicIndic('965 838'))).toBe('965838')
    expect(resetCodeSchema.parse(`${easternArabic('965')}-${easternArabic('838')}`)).toBe('965838')
    expect(paymentAmountSchema.parse(arabicIndic('15'))).toBe(15)
    expect(transferPointsSchema.parse(arabicIndic('10'))).toBe(10)
    expect(TransferPointsBodySchema.parse({ toUser: arabicIndic('20000002'), points: arabicIndic('10') })).toMatchObject({
      toUser: '20000002',
      points: 10
    })
    expect(UpdateProfileBodySchema.parse({ phone2: arabicIndic('98 111 222'), 'g-recaptcha-response': 'x' })).toMatchObject({
      phone2: '98 111 222'
    })
  })
})

describe('codes pasted with a space or a dash', () => {
  it('are read without them before their length is checked, on every code form', () => {
    for (const typed of ['965 838', '965-838', ' 965838 ']) {
      expect(checkConfirmationCode(typed), typed).toBeNull()
      expect(checkResetCode(typed), typed).toBeNull()
    }
    expect(checkConfirmationCode('965 83')).toBe('code.invalid')
    expect(checkConfirmationCode('  ')).toBe('code.required')
  })

  it('still say a character is missing where a space stands in the reset code (§5 « Code is missing »)', () => {
    expect(checkResetCode('AB 123')).toBe('code.missing')
    expect(checkResetCode('AB-123')).toBe('code.invalid')
    expect(checkResetCode('')).toBe('code.required')
  })
})

describe('the parent phone', () => {
  it('takes +216, 00216 and spaces as every Tunisian phone of the app does, and is kept as its 8 digits', () => {
    for (const typed of ['+21698111222', '0021698111222', '+216 98 111 222', '98 111 222']) {
      expect(checkParentPhone(typed), typed).toBeNull()
      expect(normalizeTunisianPhone(typed), typed).toBe('98111222')
      expect(parentPhoneSchema.parse(typed), typed).toBe('98111222')
    }
    expect(checkParentPhone('')).toBe('parentPhone.required')
    expect(checkParentPhone('+216 9811122')).toBe('parentPhone.length')
    expect(checkParentPhone('+216 38111222')).toBe('parentPhone.format')
  })
})

describe('the transfer amount', () => {
  it('says a part of a point is not a whole number of points, and keeps the range message outside 10 to 5000', () => {
    for (const typed of ['10.5', '10,5', 10.5, '4999.9']) expect(checkTransferPoints(typed), String(typed)).toBe('transfer.wholePoints')
    for (const typed of ['9', '5001', '5000.5', 'dix']) expect(checkTransferPoints(typed), typed).toBe('transfer.amountRange')
    const refused = transferPointsSchema.safeParse('10.5')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['transfer.wholePoints'])
  })
})

describe('an over-long password', () => {
  it('gets the 8 to 16 message of §5', () => {
    expect(checkNewPassword('MonMotDePasse#2026')).toEqual(['password.length'])
  })
})

describe('the optional subject at registration (§5, all fields required)', () => {
  it('is required when the class has options, and only then', () => {
    expect(checkOptionalSubject(null, true)).toBe('optionalSubject.required')
    expect(checkOptionalSubject(undefined, true)).toBe('optionalSubject.required')
    expect(checkOptionalSubject(64, true)).toBeNull()
    expect(checkOptionalSubject(null, false)).toBeNull()
  })

  it('reads the registration phone in ASCII digits', () => {
    const form = registrationSchema.parse({
      name: 'Amina',
      lastName: 'Trabelsi',
      phone: arabicIndic('52 444 555'),
      birthDate: '2009-04-12',
      plainPassword: { first: 'Bonjour#2026', second: 'Bonjour#2026' },
      state: 12,
      division: 14,
      optionalSubject: 64,
      'g-recaptcha-response': 'x'
    })
    expect(form.phone).toBe('52 444 555')
  })
})
