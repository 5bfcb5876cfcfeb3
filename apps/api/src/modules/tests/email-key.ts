// One response per address (docs/areas.md#opening-a-test-to-the-public): two spellings of one mailbox are one person.
// Every part of an address is compared without case (RFC 5321 leaves the local part's case to the
// server; no provider in use treats it as significant). Dots and a "+tag" in the local part are
// ignored only where the provider says they name the same mailbox (Gmail); elsewhere `ana.p@` and
// `anap@` may be two people, so they stay apart.

const DOTS_AND_TAGS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (DOTS_AND_TAGS_IGNORED.has(domain)) {
    local = local.split('+')[0]!.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
