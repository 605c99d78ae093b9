import { makeStyles, tokens } from '@fluentui/react-components'
import { cardScreenStyles } from '../../../components/cardStyles.ts'

/** The layout shared by the wallet and history screens. */
export const useWalletStyles = makeStyles({
  ...cardScreenStyles,
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 }
})
