// The layout of Gestor's mails: the organisation's name, the paragraphs, one button and its link
// written out for mail clients that show no buttons, then the closing lines; HTML and text alike.

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A mail's HTML and text: paragraphs, a button to `link`, closing lines. */
export function mailLayout(
  appName: string,
  paragraphs: string[],
  link: string,
  button: string,
  closing: string[],
) {
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h2 style="margin:0 0 16px">${escapeHtml(appName)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
${closing.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">Si el botón no funciona, copie y pegue este enlace en su navegador:<br>${escapeHtml(link)}</p>
</body></html>`;
  const text = [...paragraphs, '', `${button}: ${link}`, '', ...closing].join('\n');
  return { html, text };
}
