/** What went wrong, in words: an Error's message, or the thrown value itself. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
