/** Replaces each secret inside a text; used on every server sentence before it reaches a message. */
export function redactSecrets(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4 && result.includes(secret)) result = result.split(secret).join('[redacted]');
  }
  return result;
}

/** A server's sentence made safe to show: one line, no control characters, bounded, secrets removed. */
export function serverSentence(text: string, secrets: Iterable<string | undefined> = []): string {
  // eslint-disable-next-line no-control-regex
  const oneLine = redactSecrets(text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(), secrets);
  // Redacted before cutting, so a secret that straddles the cut cannot leave a prefix behind.
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
