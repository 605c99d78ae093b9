import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import { AvatarStore } from '../../../../../../src/renderer/src/features/profile/stores/AvatarStore.ts'
import { AVATAR_MAX_BYTES } from '../../../../../../src/shared/api/accounts.ts'
import { fakeApi, fakeSession, fakeUi, me, networkError, user } from './profileFakes.ts'

const photo = (name = 'moi.jpg', type = 'image/jpeg', size = 2048) => new File([new Uint8Array(size)], name, { type })

function setup(overrides: Parameters<typeof fakeApi>[0] = {}, profile = user({ completed: true })) {
  const ui = fakeUi()
  const session = fakeSession(me(profile))
  const store = new AvatarStore({ api: () => fakeApi(overrides), session, ui })
  return { store, ui, session }
}

describe('AvatarStore (§2 avatar editable once the profile is complete)', () => {
  it('sends the picked photo with its progress, then reloads the user', async () => {
    const sent: { name: string; size: number }[] = []
    const seen: number[] = []
    const watched: { store?: AvatarStore } = {}
    const context = setup({
      uploadAvatar: async (file, fileName, onProgress) => {
        sent.push({ name: fileName, size: file.size })
        for (const fraction of [0.25, 0.5, 1]) {
          onProgress?.(fraction)
          seen.push(watched.store!.percent)
        }
        expect(watched.store!.phase).toBe('uploading')
        return { message: 'La photo de profil est enregistrée', avatar: '/api/avatars/5/x.webp' }
      }
    })
    watched.store = context.store
    const { store } = context
    await expect(store.choose(photo())).resolves.toBe(true)
    expect(sent).toEqual([{ name: 'moi.jpg', size: 2048 }])
    expect(seen).toEqual([25, 50, 100])
    expect(store).toMatchObject({ phase: 'idle', progress: 0, problem: null, pending: null })
    expect(context.session.loads).toBe(1)
    expect(context.ui.shown.map((s) => 'key' in s && s.key)).toEqual(['profile:avatar.saved'])
  })

  it('refuses without a request what the page can already see is wrong', async () => {
    const { store } = setup()
    await store.choose(photo('bulletin.pdf', 'application/pdf'))
    expect(store.problem).toEqual({ key: 'profile:rules.avatar.fileType' })
    await store.choose(photo('vide.png', 'image/png', 0))
    expect(store.problem).toEqual({ key: 'profile:rules.avatar.fileRequired' })
    await store.choose(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'grande.png', { type: 'image/png' }))
    expect(store.problem).toEqual({ key: 'profile:rules.avatar.fileTooLarge' })
    expect(store.canRetry).toBe(false)
    // A name with an accepted extension is enough when the system gives no type: the server reads the bytes.
    expect(store.check(photo('photo.webp', ''))).toBeNull()
  })

  it('keeps the photo for a retry after a network failure, not after a refusal', async () => {
    let attempts = 0
    const { store } = setup({
      uploadAvatar: async () => {
        attempts++
        if (attempts === 1) throw networkError()
        if (attempts === 2)
          throw new ApiError('validation_failed', 'Cette photo est illisible ou endommagée', {
            status: 422,
            keys: { avatar: ['avatar.unreadable'] },
            fields: { avatar: ['Cette photo est illisible ou endommagée'] }
          })
        return { message: 'ok', avatar: '/api/avatars/5/y.webp' }
      }
    })
    await expect(store.choose(photo())).resolves.toBe(false)
    expect(store.problem).toEqual({ key: 'auth:errors.network' })
    expect(store.canRetry).toBe(true)
    await expect(store.retry()).resolves.toBe(false)
    expect(store.problem).toEqual({ key: 'profile:rules.avatar.unreadable' })
    expect(store.canRetry).toBe(false)
    await expect(store.retry()).resolves.toBe(false)
    expect(attempts).toBe(2)
  })

  it('says why the server refused: too large, test account, incomplete profile', async () => {
    const tooLarge = setup({
      uploadAvatar: () =>
        Promise.reject(new ApiError('payload_too_large', 'La photo dépasse…', { status: 413, keys: { avatar: ['avatar.fileTooLarge'] } }))
    })
    await tooLarge.store.choose(photo())
    expect(tooLarge.store.problem).toEqual({ key: 'profile:rules.avatar.fileTooLarge' })
    const test = setup({ uploadAvatar: () => Promise.reject(new ApiError('test_account', 'Les comptes de test…', { status: 403 })) })
    await test.store.choose(photo())
    expect(test.store.problem).toEqual({ key: 'profile:edit.testAccount' })
    const incomplete = setup({ uploadAvatar: () => Promise.reject(new ApiError('profile_incomplete', 'Complétez…', { status: 422 })) })
    await incomplete.store.choose(photo())
    expect(incomplete.store.problem).toEqual({ key: 'profile:avatar.incomplete' })
  })

  it('is locked on an incomplete profile and on a test account, and sends nothing then', async () => {
    let calls = 0
    const upload = async () => {
      calls++
      return { message: '', avatar: null }
    }
    const incomplete = setup({ uploadAvatar: upload }, user({ completed: false }))
    expect(incomplete.store.locked).toBe('incomplete')
    await expect(incomplete.store.choose(photo())).resolves.toBe(false)
    const test = setup({ uploadAvatar: upload }, user({ completed: true, istest: true }))
    expect(test.store.locked).toBe('test-account')
    await expect(test.store.remove()).resolves.toBe(false)
    expect(calls).toBe(0)
    expect(setup().store.locked).toBeNull()
  })

  it('removes the photo and reloads the user', async () => {
    const { store, session, ui } = setup({ deleteAvatar: async () => ({ message: 'La photo de profil est retirée', avatar: null }) })
    await expect(store.remove()).resolves.toBe(true)
    expect(session.loads).toBe(1)
    expect(ui.shown.map((s) => 'key' in s && s.key)).toEqual(['profile:avatar.removed'])
  })
})
