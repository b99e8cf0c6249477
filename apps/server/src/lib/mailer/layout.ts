import type { Language } from '@livent/shared';
import { escapeHtml } from './html.js';

/** The colours of the dashboard's theme (apps/web), so that mails look like the product. */
const PRIMARY = '#4F46E5';
const INK = '#1E293B';
const MUTED = '#475569';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

export interface MailBody {
  /** Already escaped HTML paragraphs. */
  paragraphs: string[];
  /** A call to action: a button and the same link written out for clients that hide buttons. */
  action?: { label: string; url: string; fallback: string };
  /** Already escaped HTML paragraphs after the call to action. */
  closing: string[];
  /** Already escaped HTML, shown small below the content. */
  footer: string;
}

/**
 * The one HTML frame of every mail: a table layout with inline styles, which every mail client
 * renders (no <style> blocks, no external images). Callers pass escaped HTML only.
 */
export function renderHtml(language: Language, subject: string, body: MailBody): string {
  const paragraph = (html: string) =>
    `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px;color:${INK};">${html}</p>`;
  const action = body.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:6px;background:${PRIMARY};">
<a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#FFFFFF;text-decoration:none;border-radius:6px;">${escapeHtml(body.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;${FONT}font-size:14px;line-height:20px;color:${MUTED};">${escapeHtml(body.action.fallback)}<br>
<a href="${escapeHtml(body.action.url)}" style="color:${PRIMARY};word-break:break-all;">${escapeHtml(body.action.url)}</a></p>`
    : '';
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#F1F5F9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#F1F5F9;">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#FFFFFF;border-radius:8px;border:1px solid #E2E8F0;">
<tr><td style="padding:20px 32px;border-bottom:3px solid ${PRIMARY};${FONT}font-size:22px;font-weight:bold;color:${PRIMARY};">Livent</td></tr>
<tr><td style="padding:32px 32px 16px;">
${body.paragraphs.map(paragraph).join('\n')}
${action}
${body.closing.map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #E2E8F0;${FONT}font-size:12px;line-height:18px;color:${MUTED};">${body.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
