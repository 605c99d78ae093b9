/**
 * The endpoint tables the access matrix (access.test.ts) and the contract fuzz
 * (contract.fuzz.test.ts) go through, in this order, and their routes named `domain.name`.
 */
import type { Endpoint } from '../../src/shared/api/common.ts'
import { endpoints } from '../../src/shared/api/index.ts'

export const checkedTables = {
  accounts: endpoints.accounts,
  pickers: endpoints.pickers,
  operator: endpoints.operator,
  dev: endpoints.dev,
  health: endpoints.health,
  learning: endpoints.learning,
  progress: endpoints.progress,
  learningOperator: endpoints.learningOperator,
  reactions: endpoints.reactions,
  videoReports: endpoints.videoReports,
  videoReportOperator: endpoints.videoReportOperator,
  assistance: endpoints.assistance,
  assistanceOperator: endpoints.assistanceOperator,
  attachments: endpoints.attachments,
  attachmentOperator: endpoints.attachmentOperator,
  offers: endpoints.offers,
  offerOperator: endpoints.offerOperator,
  operatorBilling: endpoints.operatorBilling,
  refundOperator: endpoints.refundOperator
}

export type Route = { name: string; endpoint: Endpoint }

/** Every route of `tables`, named `domain.name`, in the tables' order. */
export function routesOf(tables: Record<string, Record<string, Endpoint>>): Route[] {
  return Object.entries(tables).flatMap(([domain, table]) =>
    Object.entries(table).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint }))
  )
}
