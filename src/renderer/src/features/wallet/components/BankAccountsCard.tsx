import { MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { factListStyles } from '../../../components/cardStyles.ts'
import { useWalletStyles } from './styles.ts'
import { useWalletStores } from '../useWalletStores.ts'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`
  },
  institution: { fontWeight: tokens.fontWeightSemibold },
  ...factListStyles('auto 1fr', tokens.spacingHorizontalM, tokens.spacingVerticalXXS),
  number: { fontFamily: tokens.fontFamilyMonospace }
})

/** One of an account's numbers: its name, then the number, kept left to right. */
function NumberFact({ label, value }: { label: string; value: string }) {
  const styles = useStyles()
  return (
    <>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value}>
        <bdi className={styles.number}>{value}</bdi>
      </dd>
    </>
  )
}

/** The three accounts a bank transfer or postal deposit goes to (from the API). */
export const BankAccountsCard = observer(function BankAccountsCard() {
  const { wallet } = useWalletStores()
  const shared = useWalletStyles()
  const styles = useStyles()
  const { t } = useTranslation('wallet')

  return (
    <section className={shared.card} aria-labelledby="wallet-accounts-title" data-testid="wallet-bank-accounts">
      <h2 id="wallet-accounts-title" className={shared.sectionTitle}>
        {t('accounts.title')}
      </h2>
      <p className={shared.muted}>{t('accounts.intro')}</p>
      {wallet.bankAccountsStatus === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('accounts.failed')}</MessageBarBody>
        </MessageBar>
      ) : wallet.bankAccountsStatus !== 'succeeded' ? (
        <Spinner size="small" label={t('historyPage.loading')} />
      ) : (
        <ul className={styles.list}>
          {wallet.bankAccounts.map((account) => (
            <li key={`${account.institution}-${account.account_number}`} className={styles.item} data-testid="wallet-bank-account">
              <span className={styles.institution}>{account.institution}</span>
              <dl className={styles.facts}>
                <dt className={styles.term}>{t('accounts.owner')}</dt>
                <dd className={styles.value}>{account.owner}</dd>
                <NumberFact label={t('accounts.accountNumber')} value={account.account_number} />
                {account.rib ? <NumberFact label={t('accounts.rib')} value={account.rib} /> : null}
                {account.rip ? <NumberFact label={t('accounts.rip')} value={account.rip} /> : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
})
