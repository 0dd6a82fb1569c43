import { itemPath, unsubscribePath, type AlertSeverity } from '@inventory/contracts';
import escapeHtml from 'escape-html';

/** One line of a digest: a low-stock crossing (stored in pending_emails.line). */
export interface LowStockLine {
  kind: 'low-stock';
  itemId: string;
  itemName: string;
  currentStock: number;
  reorderLevel: number;
  severity: AlertSeverity;
  workspaceName: string;
}

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
  /** The web page the email's link opens. */
  unsubscribeUrl: string;
  /** Where mail clients' unsubscribe button posts (List-Unsubscribe, RFC 8058). */
  oneClickUnsubscribeUrl: string;
}

/** The digest a user gets for the lines queued in one window: plain text and HTML, same content. */
export function digestEmail(lines: LowStockLine[], publicUrl: string, unsubscribeToken: string): DigestEmail {
  const base = publicUrl.replace(/\/+$/, '');
  const unsubscribeUrl = `${base}${unsubscribePath(unsubscribeToken)}`;
  const oneClickUnsubscribeUrl = `${base}/api/notifications/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken)}`;
  const subject = lines.length === 1 ? `Low stock: ${lines[0].itemName}` : `Low stock: ${lines.length} items`;
  const link = (line: LowStockLine) => `${base}${itemPath(line.itemId)}`;
  const state = (line: LowStockLine) => (line.currentStock === 0 ? 'out of stock' : `${line.currentStock} left`);
  const intro = lines.length === 1 ? 'An item fell to its reorder level:' : `${lines.length} items fell to their reorder level:`;

  const text = [
    intro,
    '',
    ...lines.map(
      (line) =>
        `- ${line.itemName} (${line.workspaceName}): ${state(line)}, reorder level ${line.reorderLevel}${line.severity === 'critical' ? ' [critical]' : ''}\n  ${link(line)}`,
    ),
    '',
    `You get these emails because Email Notifications are on in your account settings.`,
    `Turn them off: ${unsubscribeUrl}`,
  ].join('\n');

  const rows = lines
    .map(
      (line) => `<tr>
  <td style="padding:8px 12px;border-bottom:1px solid #eee"><a href="${escapeHtml(link(line))}" style="color:#1554ad;font-weight:600">${escapeHtml(line.itemName)}</a><br><span style="color:#666;font-size:13px">${escapeHtml(line.workspaceName)}</span></td>
  <td style="padding:8px 12px;border-bottom:1px solid #eee;color:${line.severity === 'critical' ? '#b42318' : '#9a6700'};font-weight:600">${escapeHtml(state(line))}</td>
  <td style="padding:8px 12px;border-bottom:1px solid #eee">${line.reorderLevel}</td>
</tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f1f1f;margin:0;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr><th align="left" style="padding:8px 12px;border-bottom:2px solid #ddd">Item</th><th align="left" style="padding:8px 12px;border-bottom:2px solid #ddd">Stock</th><th align="left" style="padding:8px 12px;border-bottom:2px solid #ddd">Reorder level</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p style="color:#666;font-size:13px;margin-top:24px">You get these emails because Email Notifications are on in your account settings. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#1554ad">Turn them off</a>.</p>
</body></html>`;
  return { subject, text, html, unsubscribeUrl, oneClickUnsubscribeUrl };
}
