/** The frame every e-mail shares: plain text first, and a small escaped HTML version. */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailContext {
  siteName: string;
  publicUrl: string;
}

/** The address of one of the app's pages (a path from PAGE_PATHS), for a link in an e-mail. */
export function pageUrl(ctx: Pick<EmailContext, 'publicUrl'>, path: string): string {
  return `${ctx.publicUrl}${path}`;
}

export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Paragraphs of plain text; a `link` becomes a button in HTML and a bare URL in text. */
export function renderEmail(
  ctx: EmailContext,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): RenderedEmail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), `— ${ctx.siteName}`, ctx.publicUrl].join('\n\n');
  const htmlParagraphs = paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}" style="background:#7c2d12;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1917">${htmlParagraphs}${button}<p style="color:#78716c">— ${escapeHtml(ctx.siteName)}</p></body></html>`;
  return { subject, text, html };
}
