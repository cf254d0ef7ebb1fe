/** Escapes text for HTML; every value that reaches an email's HTML goes through here. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface EmailParts {
  readonly preheader: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** A big code or a button. */
  readonly highlight?:
    | { readonly kind: 'code'; readonly value: string }
    | { readonly kind: 'button'; readonly label: string; readonly url: string };
  readonly footer: string;
}

const BRAND = '#4f46e5';

/** The Scrivo-branded HTML shell: one column, inline styles (mail clients ignore stylesheets). */
export const renderHtml = (parts: EmailParts, lang: string): string => {
  const highlight = !parts.highlight
    ? ''
    : parts.highlight.kind === 'code'
      ? `<p style="margin:24px 0;text-align:center"><span style="display:inline-block;padding:12px 24px;border-radius:8px;background:#eef2ff;color:${BRAND};font:700 32px/1 ui-monospace,Menlo,monospace;letter-spacing:8px">${escapeHtml(parts.highlight.value)}</span></p>`
      : `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(parts.highlight.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${BRAND};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(parts.highlight.label)}</a></p>`;
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.heading)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2e8f0"><span style="font-size:22px;font-weight:800;color:${BRAND}">Scrivo</span></td></tr>
<tr><td style="padding:24px 32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${highlight}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${escapeHtml(parts.footer)}</td></tr>
</table></td></tr></table></body></html>`;
};

export const renderText = (parts: EmailParts): string => {
  const highlight = !parts.highlight
    ? []
    : parts.highlight.kind === 'code'
      ? ['', `    ${parts.highlight.value}`, '']
      : ['', `${parts.highlight.label}: ${parts.highlight.url}`, ''];
  return ['Scrivo', '', parts.heading, '', ...parts.paragraphs, ...highlight, '--', parts.footer, ''].join(
    '\n',
  );
};
