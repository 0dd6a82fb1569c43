import { itemPath, unsubscribePath, type AlertSeverity, type ExpiringLotView } from '@inventory/contracts';
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

/** One line of a digest: a lot that expires in the warning days or today (docs/expiry.md). */
export interface ExpiryLine extends Pick<
  ExpiringLotView,
  'itemId' | 'itemName' | 'lot' | 'expiresOn' | 'daysLeft' | 'quantity' | 'locationName'
> {
  kind: 'expiry';
  workspaceName: string;
}

export type DigestLine = LowStockLine | ExpiryLine;

/** "expires today", "expires in 3 days", "expired 2 days ago". */
export const expiryText = (daysLeft: number): string =>
  daysLeft === 0
    ? 'expires today'
    : daysLeft > 0
      ? `expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`
      : `expired ${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago`;

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
export function digestEmail(lines: DigestLine[], publicUrl: string, unsubscribeToken: string): DigestEmail {
  const base = publicUrl.replace(/\/+$/, '');
  const unsubscribeUrl = `${base}${unsubscribePath(unsubscribeToken)}`;
  const oneClickUnsubscribeUrl = `${base}/api/notifications/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken)}`;
  const lowStock = lines.filter((line): line is LowStockLine => line.kind === 'low-stock');
  const expiring = lines.filter((line): line is ExpiryLine => line.kind === 'expiry');
  const link = (line: DigestLine) => `${base}${itemPath(line.itemId)}`;
  const subject = [
    lowStock.length === 0 ? null : lowStock.length === 1 ? `Low stock: ${lowStock[0].itemName}` : `Low stock: ${lowStock.length} items`,
    expiring.length === 0 ? null : expiring.length === 1 ? `Expiring: ${expiring[0].itemName}` : `Expiring: ${expiring.length} lots`,
  ]
    .filter(Boolean)
    .join(' · ');

  const state = (line: LowStockLine) => (line.currentStock === 0 ? 'out of stock' : `${line.currentStock} left`);
  const lowStockIntro =
    lowStock.length === 1 ? 'An item fell to its reorder level:' : `${lowStock.length} items fell to their reorder level:`;
  const expiryIntro = expiring.length === 1 ? 'A lot is about to expire:' : `${expiring.length} lots are about to expire or have expired:`;
  const lotName = (line: ExpiryLine) => [line.lot ? `lot ${line.lot}` : null, line.locationName].filter(Boolean).join(', ');
  const expiryState = (line: ExpiryLine) => `${line.quantity} ${expiryText(line.daysLeft)} (${line.expiresOn})`;

  const text = [
    ...(lowStock.length === 0
      ? []
      : [
          lowStockIntro,
          '',
          ...lowStock.map(
            (line) =>
              `- ${line.itemName} (${line.workspaceName}): ${state(line)}, reorder level ${line.reorderLevel}${line.severity === 'critical' ? ' [critical]' : ''}\n  ${link(line)}`,
          ),
          '',
        ]),
    ...(expiring.length === 0
      ? []
      : [
          expiryIntro,
          '',
          ...expiring.map(
            (line) =>
              `- ${line.itemName}${lotName(line) ? ` [${lotName(line)}]` : ''} (${line.workspaceName}): ${expiryState(line)}\n  ${link(line)}`,
          ),
          '',
        ]),
    `You get these emails because Email Notifications are on in your account settings.`,
    `Turn them off: ${unsubscribeUrl}`,
  ].join('\n');

  const cell = 'padding:8px 12px;border-bottom:1px solid #eee';
  const head = 'padding:8px 12px;border-bottom:2px solid #ddd';
  const itemCell = (line: DigestLine, detail: string) =>
    `<td style="${cell}"><a href="${escapeHtml(link(line))}" style="color:#1554ad;font-weight:600">${escapeHtml(line.itemName)}</a><br><span style="color:#666;font-size:13px">${escapeHtml(detail)}</span></td>`;
  const table = (
    headers: string[],
    rows: string[],
  ) => `<table style="border-collapse:collapse;width:100%;max-width:640px;margin-bottom:20px">
<thead><tr>${headers.map((header) => `<th align="left" style="${head}">${header}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
  const lowStockHtml =
    lowStock.length === 0
      ? ''
      : `<p style="margin:0 0 16px">${escapeHtml(lowStockIntro)}</p>
${table(
  ['Item', 'Stock', 'Reorder level'],
  lowStock.map(
    (line) => `<tr>
  ${itemCell(line, line.workspaceName)}
  <td style="${cell};color:${line.severity === 'critical' ? '#b42318' : '#9a6700'};font-weight:600">${escapeHtml(state(line))}</td>
  <td style="${cell}">${line.reorderLevel}</td>
</tr>`,
  ),
)}`;
  const expiryHtml =
    expiring.length === 0
      ? ''
      : `<p style="margin:0 0 16px">${escapeHtml(expiryIntro)}</p>
${table(
  ['Item', 'Quantity', 'Expiry'],
  expiring.map(
    (line) => `<tr>
  ${itemCell(line, [lotName(line), line.workspaceName].filter(Boolean).join(' · '))}
  <td style="${cell}">${line.quantity}</td>
  <td style="${cell};color:${line.daysLeft <= 0 ? '#b42318' : '#9a6700'};font-weight:600">${escapeHtml(`${expiryText(line.daysLeft)} (${line.expiresOn})`)}</td>
</tr>`,
  ),
)}`;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f1f1f;margin:0;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
${lowStockHtml}
${expiryHtml}
<p style="color:#666;font-size:13px;margin-top:24px">You get these emails because Email Notifications are on in your account settings. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#1554ad">Turn them off</a>.</p>
</body></html>`;
  return { subject, text, html, unsubscribeUrl, oneClickUnsubscribeUrl };
}
