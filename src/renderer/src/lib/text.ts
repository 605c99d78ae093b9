import { NOTIFICATION_NARROW_WIDTH, NOTIFICATION_PREVIEW_CHARS, NOTIFICATION_PREVIEW_CHARS_NARROW } from '../../../shared/constants.ts'

/** The first `max` characters (whole code points, never half an emoji) and an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`
}

/** A notification's preview: 50 characters, 25 on windows of 480 px or less. */
export function previewLength(viewportWidth: number): number {
  return viewportWidth <= NOTIFICATION_NARROW_WIDTH ? NOTIFICATION_PREVIEW_CHARS_NARROW : NOTIFICATION_PREVIEW_CHARS
}
