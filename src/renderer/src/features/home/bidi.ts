/**
 * A name from the server set inside a translated sentence keeps its own direction: "Silver+" or
 * "Yasmine B." in an Arabic sentence would otherwise show their trailing sign on the wrong side.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`
