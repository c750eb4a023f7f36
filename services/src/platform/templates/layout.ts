/**
 * The one email layout every email's HTML renders inside (templates hold only the body): what common mail clients
 * (Gmail, Outlook, Apple Mail) draw alike: tables for layout, inline styles only (no <style> a client may drop, no
 * web fonts, no script), 600 px wide at most and fluid below, system fonts, the company's name at the top and a footer.
 */

export interface EmailLayoutOptions {
  /** The name at the top and in the footer. */
  company: string;
  /** The web app's address, linked from the footer; none: no link. */
  siteUrl?: string | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Wraps `body` (already rendered, variables escaped) in the layout; `subject` is the document's title. */
export const emailLayout =
  ({ company, siteUrl }: EmailLayoutOptions) =>
  (body: string, subject: string): string => {
    const name = escapeHtml(company);
    const site = siteUrl ? `<a href="${escapeHtml(siteUrl)}" style="color:#475569;text-decoration:underline;">${escapeHtml(siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, ''))}</a>` : '';
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:3px solid #1d4ed8;font-family:${FONT};font-size:20px;font-weight:700;color:#0f172a;">${name}</td></tr>
<tr><td style="padding:24px 32px;font-family:${FONT};font-size:16px;line-height:1.5;color:#1e293b;">
${body}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-family:${FONT};font-size:12px;line-height:1.5;color:#475569;">
You receive this email because of your ${name} account or a request made with this address.${site ? `<br>${site}` : ''}<br>&copy; ${name}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  };
