// JavaScript lets code throw any value, not only an Error: a `catch` that reports what it caught
// reads the text through here.

/** An error's message, or any other thrown value as text. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  return typeof message === 'string' ? message : String(error)
}
