/** The pricing engine (issue 28, decision 0032): shared by the purchase dialog and the server. */
export * from './calendar.ts'
export * from './codes.ts'
export * from './errors.ts'
export * from './levelRates.ts'
export * from './money.ts'
export * from './packRules.ts'
export * from './quote.ts'
export * from './schema.ts'
