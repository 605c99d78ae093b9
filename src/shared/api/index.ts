/** Every endpoint of the platform API contract, by domain. */
import { accountsEndpoints } from './accounts.ts'
import { pickersEndpoints } from './pickers.ts'
import { devEndpoints, operatorEndpoints } from './operator.ts'
import { healthEndpoints } from './health.ts'
import { walletEndpoints, walletOperatorEndpoints } from './wallet.ts'
import { profileEndpoints, profileOperatorEndpoints } from './profile.ts'
import { notificationEndpoints, notificationOperatorEndpoints } from './notifications.ts'
import { searchEndpoints } from './search.ts'
import { homeEndpoints } from './home.ts'
import { learningEndpoints, learningOperatorEndpoints, progressEndpoints } from './learning.ts'
import { offerEndpoints, offerOperatorEndpoints } from './offers.ts'
import { operatorBillingEndpoints } from './operatorBilling.ts'
import { reactionEndpoints } from './reactions.ts'
import { videoReportEndpoints, videoReportOperatorEndpoints } from './videoReports.ts'
import { assistanceEndpoints, assistanceOperatorEndpoints } from './assistance.ts'
import { attachmentEndpoints, attachmentOperatorEndpoints } from './attachments.ts'
import { quizEndpoints, quizOperatorEndpoints } from './quizzes.ts'
import { magazineEndpoints, magazineOperatorEndpoints } from './magazines.ts'
import { refundOperatorEndpoints } from './refunds.ts'
import type { Endpoint } from './common.ts'

export const endpoints = {
  accounts: accountsEndpoints,
  pickers: pickersEndpoints,
  operator: operatorEndpoints,
  dev: devEndpoints,
  health: healthEndpoints,
  wallet: walletEndpoints,
  walletOperator: walletOperatorEndpoints,
  profile: profileEndpoints,
  profileOperator: profileOperatorEndpoints,
  notifications: notificationEndpoints,
  notificationOperator: notificationOperatorEndpoints,
  search: searchEndpoints,
  home: homeEndpoints,
  learning: learningEndpoints,
  progress: progressEndpoints,
  learningOperator: learningOperatorEndpoints,
  offers: offerEndpoints,
  offerOperator: offerOperatorEndpoints,
  operatorBilling: operatorBillingEndpoints,
  reactions: reactionEndpoints,
  videoReports: videoReportEndpoints,
  videoReportOperator: videoReportOperatorEndpoints,
  assistance: assistanceEndpoints,
  assistanceOperator: assistanceOperatorEndpoints,
  attachments: attachmentEndpoints,
  attachmentOperator: attachmentOperatorEndpoints,
  quizzes: quizEndpoints,
  quizOperator: quizOperatorEndpoints,
  magazines: magazineEndpoints,
  magazineOperator: magazineOperatorEndpoints,
  refundOperator: refundOperatorEndpoints
} as const

export function allEndpoints(): Array<{ name: string; endpoint: Endpoint }> {
  const list: Array<{ name: string; endpoint: Endpoint }> = []
  for (const [domain, table] of Object.entries(endpoints)) {
    for (const [name, endpoint] of Object.entries(table as Record<string, Endpoint>)) list.push({ name: `${domain}.${name}`, endpoint })
  }
  return list
}
