import { describe, expect, it } from 'vitest'
import { normalizeDigits } from '../../../../src/shared/rules/input.ts'
import { checkEmail } from '../../../../src/shared/rules/email.ts'
import { checkParentPhone } from '../../../../src/shared/rules/phone.ts'
import { ApiError } from '../../../../src/renderer/src/api/errors.ts'
import { FormState } from '../../../../src/renderer/src/forms/FormState.ts'

function form() {
  return new FormState<'email' | 'phone'>(
    { email: 'ines@example.org', phone: '' },
    { rules: { email: checkEmail, phone: checkParentPhone }, normalize: { phone: normalizeDigits } }
  )
}

describe('FormState, the one form state', () => {
  it('tells which fields were left and which differ from where the form started', () => {
    const state = form()
    expect(state.dirty).toBe(false)
    expect(state.touched.email).toBeUndefined()
    state.touch('email')
    expect(state.touched.email).toBe(true)
    expect(state.dirty).toBe(false)
    state.set('phone', '98123456')
    expect(state.isDirty('phone')).toBe(true)
    expect(state.isDirty('email')).toBe(false)
    expect(state.dirty).toBe(true)
    state.set('phone', '')
    expect(state.dirty).toBe(false)
    state.reset({ email: '', phone: '22123456' })
    expect(state.dirty).toBe(false)
    expect(state.touched).toEqual({})
  })

  it('reads what is typed through the field’s normalizer', () => {
    const state = form()
    state.set('phone', '٩٨١٢٣٤٥٦')
    expect(state.values.phone).toBe('98123456')
  })

  it('shows a shared rule’s message once the field was left or a submit was attempted, not before', () => {
    const state = form()
    state.set('email', 'not an address')
    expect(state.rule('email')).toBe('email.invalid')
    expect(state.invalid).toBe(true)
    expect(state.error('email')).toBeNull()
    state.touch('email')
    expect(state.error('email')).toEqual({ key: 'auth:rules.email.invalid' })
    expect(state.error('phone')).toBeNull()
    state.attempt()
    expect(state.error('phone')).toEqual({ key: `auth:rules.${checkParentPhone('')}` })
    state.set('email', 'ines@example.org')
    state.set('phone', '98123456')
    expect(state.invalid).toBe(false)
    expect(state.error('email')).toBeNull()
  })

  it('words a rule through the form’s own catalogue when it has one', () => {
    const state = new FormState(
      { code: '' },
      { rules: { code: () => 'code.invalid' }, wording: (key) => ({ key: `wallet:rules.${key}` as 'wallet:rules.code.invalid' }) }
    )
    state.attempt()
    expect(state.error('code')).toEqual({ key: 'wallet:rules.code.invalid' })
  })

  it('puts the server’s errors on the fields by rule key or code, and the rest in the toast', () => {
    const state = form()
    const placed = state.fail(
      new ApiError('validation_failed', 'Données invalides', { status: 422, keys: { phone2: ['phone.invalid'] } }),
      { phone2: 'phone' }
    )
    expect(placed).toBeNull()
    expect(state.serverErrors).toEqual({ phone: { key: 'auth:rules.phone.invalid' } })
    expect(state.error('phone')).toEqual({ key: 'auth:rules.phone.invalid' })

    // A field the form does not have: the failure's code words the toast, never the server's sentence.
    const toast = state.fail(
      new ApiError('account_information_already_used', 'Cette adresse est déjà utilisée.', { status: 409, fields: { other: ['x'] } }),
      { phone2: 'phone' }
    )
    expect(toast).toEqual({ key: 'auth:errors.accountUsed' })
    expect(state.serverErrors).toEqual({})

    // Not an answer of the server at all: the generic text.
    expect(state.fail(new Error('boom'), {})).toEqual({ key: 'auth:errors.server' })
  })

  it('a field’s server error goes as soon as the field is edited', () => {
    const state = form()
    state.fail(new ApiError('validation_failed', '', { status: 422, keys: { email: ['email.invalid'] } }), { email: 'email' })
    expect(state.error('email')).toEqual({ key: 'auth:rules.email.invalid' })
    state.set('email', 'ines@example.com')
    expect(state.error('email')).toBeNull()
  })

  it('keeps the submit state and every value typed after a failed submit', () => {
    const state = form()
    state.set('email', 'karim@example.com')
    state.set('phone', '55123456')
    expect(state.submitting).toBe(false)
    state.attempt()
    state.setStatus('loading')
    expect(state.submitting).toBe(true)
    state.fail(new ApiError('server_error', 'Server Error', { status: 500 }), {})
    expect(state.status).toBe('failed')
    expect(state.submitting).toBe(false)
    expect(state.values).toEqual({ email: 'karim@example.com', phone: '55123456' })
    expect(state.submitAttempted).toBe(true)
  })

  it('a dialog opened again shows nothing as left or refused, and keeps what was chosen', () => {
    const state = form()
    state.set('phone', '12')
    state.attempt()
    state.fail(new ApiError('validation_failed', '', { status: 422, keys: { email: ['email.invalid'] } }), { email: 'email' })
    expect(state.error('email')).not.toBeNull()
    expect(state.error('phone')).not.toBeNull()
    state.clearFeedback()
    expect(state.error('email')).toBeNull()
    expect(state.error('phone')).toBeNull()
    expect(state.values.phone).toBe('12')
  })

  it('with feedback untilEdit, a submit’s check places the rules’ messages and each goes when its field is edited', () => {
    const state = new FormState<'email' | 'phone'>(
      { email: '', phone: '12' },
      { rules: { email: checkEmail, phone: checkParentPhone }, feedback: 'untilEdit' }
    )
    state.touch('email')
    expect(state.errors).toEqual({})
    expect(state.check()).toBe(false)
    expect(Object.keys(state.errors).sort()).toEqual(['email', 'phone'])
    // Edited, still wrong: its message goes until the next check.
    state.set('phone', '13')
    expect(state.error('phone')).toBeNull()
    expect(state.error('email')).not.toBeNull()
    // A check of some fields shows only theirs; the server's of an earlier submit go with it.
    state.setServerError('email', { key: 'auth:errors.server' })
    expect(state.check(['phone'])).toBe(false)
    expect(Object.keys(state.errors)).toEqual(['phone'])
    state.set('phone', '98123456')
    state.set('email', 'ines@example.org')
    expect(state.check()).toBe(true)
    expect(state.errors).toEqual({})
  })

  it('live feedback: a check tells whether the rules pass and shows them as a submit does', () => {
    const state = form()
    expect(state.check()).toBe(false)
    expect(state.error('phone')).not.toBeNull()
    state.set('phone', '98123456')
    expect(state.error('phone')).toBeNull()
    expect(state.check()).toBe(true)
  })
})
