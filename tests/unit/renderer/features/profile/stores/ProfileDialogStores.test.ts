import { describe, expect, it } from 'vitest'
import { AddEmailStore, ParentPhoneStore } from '../../../../../../src/renderer/src/features/profile/stores/ProfileDialogStores.ts'
import { fakeApi, fakeSession, fakeUi, me, user } from './profileFakes.ts'

// The server answers in French whatever the pupil's language: its text must not reach the screen.
const FRENCH = 'Texte du serveur en français'

const toasts = (ui: ReturnType<typeof fakeUi>) =>
  ui.shown.map((entry) => ({ intent: entry.intent, shown: 'key' in entry ? entry.key : entry.text }))

function setup() {
  const ui = fakeUi()
  const session = fakeSession(me(user({ completed: true })))
  const sent: string[] = []
  const api = fakeApi({
    addEmail: (email) => {
      sent.push(`email:${email}`)
      return Promise.resolve(FRENCH)
    },
    confirmEmail: (body) => {
      sent.push(`code:${body.confirmationToken}`)
      return Promise.resolve(FRENCH)
    },
    addParentPhone: (phone) => {
      sent.push(`phone:${phone}`)
      return Promise.resolve(FRENCH)
    }
  })
  return { ui, session, sent, deps: { api: () => api, session, ui } }
}

describe('AddEmailStore', () => {
  it('says the code was sent, then that the address is confirmed, in catalogue texts', async () => {
    const { ui, sent, deps, session } = setup()
    const store = new AddEmailStore(deps)
    store.open()
    store.email.set('email', 'karim@example.com')
    expect(await store.sendEmail()).toBe(true)
    expect(store.step).toBe('code')
    expect(toasts(ui)).toEqual([{ intent: 'success', shown: 'profile:email.sent' }])

    store.code.set('code', 'A1B2C3')
    expect(await store.confirm()).toBe(true)
    expect(store.step).toBe('done')
    expect(sent).toEqual(['email:karim@example.com', 'code:A1B2C3'])
    expect(toasts(ui)).toEqual([
      { intent: 'success', shown: 'profile:email.sent' },
      { intent: 'success', shown: 'profile:email.confirmed' }
    ])
    expect(session.loads).toBe(1)
  })

  it('offers the unconfirmed address of the profile as typed, and a fresh field the next time without one', async () => {
    const { sent, deps } = setup()
    const store = new AddEmailStore(deps)
    store.open('ines@example.org')
    expect(store.email.values.email).toBe('ines@example.org')
    expect(await store.sendEmail()).toBe(true)
    expect(sent).toEqual(['email:ines@example.org'])
    store.open(null)
    expect(store.email.values.email).toBe('')
    expect(store.step).toBe('email')
  })
})

describe('AddEmailStore: the code as typed or pasted', () => {
  it('accepts the code pasted with its space or typed in Arabic-Indic digits, and sends the bare code', async () => {
    const { sent, deps } = setup()
    const store = new AddEmailStore(deps)
    store.open()
    store.email.set('email', 'pupil@example.org')
    await store.sendEmail()
    store.code.set('code', '٩٦٥ ٨٣٨')
    expect(store.code.values.code).toBe('965 838')
    expect(store.code.rule('code')).toBeNull()
    expect(await store.confirm()).toBe(true)
    expect(sent).toEqual(['email:pupil@example.org', 'code:965838'])
  })
})

describe('ParentPhoneStore', () => {
  it('takes +216, 00216, spaces and Arabic-Indic digits as the other phones do, and sends the 8 digits', async () => {
    const { sent, deps } = setup()
    const store = new ParentPhoneStore(deps)
    for (const typed of ['+216 98 123 456', '0021698123456', '+٢١٦ ٩٨ ١٢٣ ٤٥٦']) {
      store.phone.set('phone', typed)
      expect(store.phone.rule('phone'), typed).toBeNull()
      expect(await store.submit(), typed).toBe(true)
    }
    expect(sent).toEqual(['phone:98123456', 'phone:98123456', 'phone:98123456'])
    expect(store.phone.values.phone).toBe('+216 98 123 456')
  })

  it('says the parent’s number is saved, in a catalogue text', async () => {
    const { ui, sent, deps } = setup()
    const store = new ParentPhoneStore(deps)
    store.phone.set('phone', '98123456')
    expect(await store.submit()).toBe(true)
    expect(sent).toEqual(['phone:98123456'])
    expect(toasts(ui)).toEqual([{ intent: 'success', shown: 'profile:parentPhone.saved' }])
  })
})
