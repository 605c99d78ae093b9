/**
 * The avatar (specification §2: "Avatar and gender can be edited only when the profile is
 * completed"): upload, removal, and the address the app shows it from (docs/decisions/0010-avatars.md).
 */
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AVATAR_MAX_BYTES, accountsEndpoints as ep } from '../../../src/shared/api/accounts.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, type UserRow } from '../http.ts'
import type { Services } from '../services.ts'
import { avatarKeyOf, avatarUrl, detectAvatarType, isAvatarKey, newAvatarKey, normalizeAvatar } from '../services/avatars.ts'
import { currentAvatar, setAvatar } from '../services/users.ts'
import { readParts } from './multipart.ts'

/** Test accounts may not edit the profile (§4); the avatar waits for a complete profile (§2). */
export function checkMayEditAvatar(user: UserRow): void {
  if (user.isTest && user.role !== 'admin')
    throw new ApiError('test_account', 'Les comptes de test ne peuvent pas modifier ces informations')
  if (!user.completed) {
    throw new ApiError('profile_incomplete', 'Complétez votre profil avant de changer de photo', {
      fieldKeys: { avatar: ['profile.readOnlyUntilCompleted'] }
    })
  }
}

/** The one `avatar` file part; the size is limited by the multipart plugin. */
async function readAvatar(request: FastifyRequest): Promise<Buffer | null> {
  let avatar: Buffer | null = null
  await readParts(
    request,
    {
      notMultipart: 'Envoyez la photo en multipart/form-data',
      field: 'avatar',
      tooLarge: 'La photo dépasse la taille maximale de 10 Mo',
      tooLargeKey: 'avatar.fileTooLarge',
      tooMany: 'Une seule photo à la fois'
    },
    async (part) => {
      if (part.type !== 'file') return
      const bytes = await part.toBuffer()
      if (part.fieldname === 'avatar' && !avatar) avatar = bytes
    }
  )
  return avatar
}

export function registerAvatarRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  /** Points the user at `next` (or none) and forgets the file of the avatar it replaces. */
  async function replaceAvatar(userId: number, next: string | null): Promise<void> {
    const previous = await setAvatar(db, userId, next, () => services.clock.now())
    if (isAvatarKey(previous) && previous !== next) await services.storage.delete(previous)
  }

  addRoute(app, services, ep.deleteAvatar, async ({ auth }) => {
    checkMayEditAvatar(auth.user)
    await replaceAvatar(auth.user.id, null)
    return { message: 'La photo de profil est retirée', avatar: null }
  })

  addRoute(app, services, ep.avatarFile, async ({ params, reply }) => {
    const key = avatarKeyOf(params.userId, params.file)
    // Only the user's current avatar: a replaced or removed one is gone for good.
    const bytes = (await currentAvatar(db, params.userId)) === key ? await services.storage.get(key) : null
    if (!bytes) throw new ApiError('not_found', 'Photo introuvable')
    void reply
      .header('content-type', 'image/webp')
      // The name changes with every upload: the bytes of an address never change.
      .header('cache-control', 'private, max-age=31536000, immutable')
      // The app (another origin: app://darsi) shows it in an <img>.
      .header('cross-origin-resource-policy', 'cross-origin')
    return Buffer.from(bytes) as unknown as string
  })

  // The upload is multipart: the parser lives in this scope alone.
  const { body: _form, ...uploadEndpoint } = ep.uploadAvatar
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 }
    })
    addRoute(scope, services, uploadEndpoint, async ({ auth, request }) => {
      checkMayEditAvatar(auth.user)
      const bytes = await readAvatar(request)
      if (!bytes || bytes.length === 0) throw fieldError({ avatar: ['avatar.fileRequired'] })
      if (!detectAvatarType(bytes)) throw fieldError({ avatar: ['avatar.fileType'] })
      const normalized = await normalizeAvatar(bytes)
      if (!normalized) throw fieldError({ avatar: ['avatar.unreadable'] })
      const key = newAvatarKey(auth.user.id)
      await services.storage.put(key, normalized)
      try {
        await replaceAvatar(auth.user.id, key)
      } catch (error) {
        await services.storage.delete(key)
        throw error
      }
      return { message: 'La photo de profil est enregistrée', avatar: avatarUrl(key) }
    })
  })
}
