export interface TablePdf {
  title: string;
  /** Lines under the title (generated date, totals, …). */
  summary: readonly string[];
  head: readonly string[];
  body: readonly (readonly string[])[];
  fileName: string;
}

/**
 * A one-table PDF report (title, summary lines, table) saved from the browser, as the reports
 * screen makes them (spec §9). jspdf is loaded only when a PDF is asked for: it would weigh on every page.
 */
export async function saveTablePdf({ title, summary, head, body, fileName }: TablePdf): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF();
  doc.setFontSize(18);
  doc.text(title, 14, 22);
  doc.setFontSize(11);
  summary.forEach((line, i) => doc.text(line, 14, 32 + i * 8));
  autoTable(doc, {
    startY: 32 + summary.length * 8,
    styles: { fontSize: 8 },
    head: [[...head]],
    body: body.map((row) => [...row]),
  });
  doc.save(fileName);
}
