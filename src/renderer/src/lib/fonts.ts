/**
 * Loads Cairo's Latin and Arabic faces in every weight the interface uses. The browser fetches a
 * face only once a character of its script is on screen; a first switch to the other script would
 * otherwise lay the page out in a fallback font and again when the face arrives.
 */
export async function preloadFonts(fonts: Pick<FontFaceSet, 'load'> = document.fonts): Promise<void> {
  await Promise.all(FONT_WEIGHTS.map((weight) => fonts.load(`${weight} 1em Cairo`, SCRIPT_SAMPLE)))
}

export const FONT_WEIGHTS = ['400', '600', '700'] as const
/** One character of each script the faces are split by. */
const SCRIPT_SAMPLE = 'aع'
