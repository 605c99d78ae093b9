/**
 * Lesson attachments (specification part 2, §5 and §9): they download only when the lesson is
 * unlocked and the pupil holds no offer of group 83 or 84; a name is shown cut at 15 characters.
 * The server signs no download address otherwise; the app shows the same rule.
 */

/** Offer groups whose holders may not download attachments. */
export const ATTACHMENT_BLOCKED_GROUP_IDS: readonly number[] = [83, 84]

/** Characters of an attachment's name shown before it is cut (part 2, §9). */
export const ATTACHMENT_NAME_MAX_CHARS = 15

/** Whether the pupil may download a lesson's attachments: the lesson open, and no current offer of a blocked group. */
export function attachmentsDownloadable(locked: boolean, currentGroupIds: readonly number[]): boolean {
  return !locked && !currentGroupIds.some((id) => ATTACHMENT_BLOCKED_GROUP_IDS.includes(id))
}

/** The name as the info panel shows it: at most 15 characters, then an ellipsis. */
export function shortAttachmentName(name: string): string {
  const characters = [...name]
  return characters.length > ATTACHMENT_NAME_MAX_CHARS ? `${characters.slice(0, ATTACHMENT_NAME_MAX_CHARS).join('')}…` : name
}
