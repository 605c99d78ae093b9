import type { SyntheticEvent } from 'react'
import { subjectBackground } from './styles.ts'

/** An image that cannot be loaded takes no room (the subject's colour stays). */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.hidden = true
}

/** The subject's colour with its thumbnail over it; decorative, the subject's name is beside it. */
export function SubjectThumb({
  color,
  thumbnail,
  className,
  imageClassName
}: {
  color: string | null
  thumbnail: string | null
  className: string
  imageClassName: string
}) {
  return (
    <span className={className} style={{ backgroundColor: subjectBackground(color) }} aria-hidden>
      {thumbnail ? <img src={thumbnail} alt="" className={imageClassName} onError={hideBroken} loading="lazy" /> : null}
    </span>
  )
}
