import type { ReactNode } from 'react'

/**
 * A select's options: the empty choice first (its text `empty`), then one per item, its value the
 * item's id and its text the item's name unless `label` words it otherwise.
 */
export function ChoiceOptions<T extends { id: number; name?: string }>(props: {
  empty: string
  items: readonly T[]
  label?: (item: T) => ReactNode
}) {
  const label = props.label ?? ((item: T) => item.name)
  return (
    <>
      <option value="">{props.empty}</option>
      {props.items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {label(item)}
        </option>
      ))}
    </>
  )
}
