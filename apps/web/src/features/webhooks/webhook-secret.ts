// docs/webhooks.md: a webhook's signing secret comes once, in the answer to its creation, and never
// again. The create screen hands it here (`onCreated`) before moving to the new webhook's screen,
// which shows it until the person closes the notice; then it is forgotten. Memory only: not in
// the query cache, not in storage, gone on a reload.

const secrets = new Map<number, string>();

export function rememberSecret(webhookId: number, secret: string | undefined): void {
  if (secret) secrets.set(webhookId, secret);
}

/** The secret of a webhook just created, while its notice is open; undefined ever after. */
export function pendingSecret(webhookId: number): string | undefined {
  return secrets.get(webhookId);
}

export function forgetSecret(webhookId: number): void {
  secrets.delete(webhookId);
}
