import { tokens } from '@fluentui/react-components'

/** The Darsi mark: an open book. Decorative; the name next to it carries the meaning. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={tokens.colorBrandBackground} />
      <path
        d="M7 10.5c3-1.2 6-1 9 1 3-2 6-2.2 9-1V23c-3-1.2-6-1-9 1-3-2-6-2.2-9-1z"
        fill="none"
        stroke={tokens.colorNeutralForegroundOnBrand}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M16 11.5V24" stroke={tokens.colorNeutralForegroundOnBrand} strokeWidth="2" />
    </svg>
  )
}
