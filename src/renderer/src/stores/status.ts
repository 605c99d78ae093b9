/** The loading states the specification names. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed'
