// The links a rich text body may hold (docs/areas.md#rules-shared-by-the-content-areas): http(s), mailto, tel, or an address of
// this site ("/paginas/aviso-legal", "#contacto", "anexo.pdf"). The API applies the same rule when it
// sanitizes (apps/api/src/lib/rich-text.ts, `allowedHref`); the editor applies it first, so a link it
// shows is one the server keeps.

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
// Tab and newline inside an address are dropped by browsers (`java\tscript:`): never in a real one.
const hasControlCharacter = (text: string) =>
  [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

export function isAllowedLinkHref(value: string): boolean {
  const href = value.trim();
  if (!href || hasControlCharacter(href)) return false;
  const scheme = SCHEME.exec(href);
  if (scheme) return LINK_SCHEMES.has(scheme[1]!.toLowerCase());
  // "//host" and "/\host" name another site without a scheme.
  return !/^[\\/]{2}/.test(href);
}

// A file of this site typed without a leading slash ("anexo.pdf") is not a domain.
const FILE_EXTENSION =
  /\.(html?|php|aspx?|jsp|pdf|docx?|xlsx?|pptx?|odt|ods|odp|txt|csv|jpe?g|png|gif|webp|avif|svg|mp[34]|webm|zip)$/i;
const DOMAIN = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]|$)/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const PHONE = /^\+?[\d\s().-]+$/;

/**
 * What a person typed, as the address to store: "www.boe.es" → "https://www.boe.es",
 * "info@ayto.es" → "mailto:info@ayto.es", "+34 910 00 00 00" → "tel:+34910000000". Anything with a
 * scheme, or starting with / # ? or ., is left as typed (then checked by `linkHrefProblem`).
 */
export function normalizeLinkInput(input: string): string {
  const text = input.trim();
  if (!text || SCHEME.test(text) || /^[/#?.\\]/.test(text)) return text;
  if (EMAIL.test(text)) return `mailto:${text}`;
  if (PHONE.test(text) && text.replace(/\D/g, '').length >= 6) {
    return `tel:${text.replace(/[^\d+]/g, '')}`;
  }
  if (DOMAIN.test(text) && !(FILE_EXTENSION.test(text) && !/[/?#]/.test(text))) return `https://${text}`;
  return text;
}

/** Why an address cannot be a link (in Spanish, for the link dialog), or null when it can. */
export function linkHrefProblem(href: string): string | null {
  const text = href.trim();
  if (!text) return 'Escriba la dirección del enlace.';
  if (isAllowedLinkHref(text)) return null;
  if (/^[\\/]{2}/.test(text)) {
    return 'Escriba la dirección completa, con https:// delante (las que empiezan por «//» no se admiten).';
  }
  return 'Solo se admiten direcciones web (https://…), de correo (mailto:…), teléfonos (tel:…) o rutas de este sitio que empiecen por «/».';
}
