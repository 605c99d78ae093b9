/** Small argument parsing shared by the server and admin command lines. */
export type ParsedArgs = { flags: Map<string, string | true>; positional: string[] }

/** `--name value`, `--name=value` and bare `--flag`; `booleanFlags` never take a value. */
export function parseArgs(argv: readonly string[], booleanFlags: ReadonlySet<string>): ParsedArgs {
  const flags = new Map<string, string | true>()
  const positional: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = arg.slice(2, eq < 0 ? undefined : eq)
    if (eq >= 0) flags.set(name, arg.slice(eq + 1))
    else if (booleanFlags.has(name)) flags.set(name, true)
    else {
      const value = argv[i + 1]
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`)
      flags.set(name, value)
      i++
    }
  }
  return { flags, positional }
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name)
  return typeof value === 'string' ? value : undefined
}
