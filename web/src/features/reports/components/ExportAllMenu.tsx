import { itemsExportUrl, movementsExportUrl } from '../../../api/export';
import type { ReportQuery } from '../../../api/reports';
import { DownloadMenu, type DownloadLink } from '../../../components/DownloadMenu';
import { exportDays } from '../export-period';

/**
 * 'Export all': everything the workspace holds, streamed by the server, unlike 'Export CSV' and
 * 'Export PDF' which save the report on screen. Movements are those of the report's period.
 */
export function ExportAllMenu({ query }: { query: ReportQuery }) {
  const links: DownloadLink[] = [
    { key: 'items-csv', label: 'All items (CSV)', href: itemsExportUrl('csv') },
    { key: 'items-xlsx', label: 'All items (Excel)', href: itemsExportUrl('xlsx') },
    { key: 'movements-csv', label: 'Movements in this period (CSV)', href: movementsExportUrl(exportDays(query)) },
  ];
  return <DownloadMenu label="Export all" links={links} />;
}
