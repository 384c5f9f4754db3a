/** What to tell the learner about a failure: the error's own message (the server's, or the provider's), else a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
