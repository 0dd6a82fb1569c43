import { DEFAULT_EXPIRY_WARNING_DAYS } from '../../inventory/expiry';
import { DownloadOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { ReportQuery } from '../../../api/reports';
import { PageHeader } from '../../../components/PageHeader';
import { formatCurrency } from '../../../lib/format';
import { ExportAllMenu } from '../components/ExportAllMenu';
import { REPORT_TITLES, ReportFilters, type ReportFilterValues } from '../components/ReportFilters';
import { ReportTable } from '../components/ReportTable';
import { markReportsVisited } from '../../../lib/onboarding';
import { useAuth } from '../../auth/hooks';
import { SummaryCards } from '../components/SummaryCards';
import { exportReportCsv, exportReportPdf } from '../export';
import { useInventoryReport, useValueHistory } from '../hooks';
import { useExpiringLots, useInventorySettings } from '../../inventory/hooks';
import { ExpiringTable } from '../components/ExpiringTable';
import { exportExpiringCsv, exportExpiringPdf, valueAtRisk } from '../expiring-export';

const ValueHistoryChart = lazy(async () => ({ default: (await import('../components/ValueHistoryChart')).ValueHistoryChart }));

function toQuery(values: ReportFilterValues): ReportQuery {
  const custom = values.range === 'custom' && values.custom;
  return {
    // A custom range without both days yet falls back to the default period.
    range: values.range === 'custom' && !custom ? '30days' : values.range,
    // The Expiring report is inventory's; 'Export all' and the chart keep to the summary meanwhile.
    type: values.type === 'expiring' ? 'inventory' : values.type,
    from: custom ? values.custom![0].format('YYYY-MM-DD') : undefined,
    to: custom ? values.custom![1].format('YYYY-MM-DD') : undefined,
    asOf: values.type !== 'movement' && values.type !== 'expiring' && values.asOf ? values.asOf.format('YYYY-MM-DD') : undefined,
  };
}

/** SPEC 2 Reports & Analytics with working filters, an as-of date and a value-over-time chart. */
export function ReportsPage() {
  const { user } = useAuth();
  useEffect(() => {
    if (user) markReportsVisited(user.id);
  }, [user]);
  const [filters, setFilters] = useState<ReportFilterValues>({ range: '30days', type: 'inventory', custom: null, asOf: null });
  const query = useMemo(() => toQuery(filters), [filters]);
  const report = useInventoryReport(query);
  const showExpiring = filters.type === 'expiring';
  const expiring = useExpiringLots(showExpiring);
  const settings = useInventorySettings();
  const lots = expiring.data ?? [];
  const history = useValueHistory({ range: query.range, from: query.from, to: query.to });
  const rows = report.data ?? [];

  const generate = () => void (showExpiring ? expiring.refetch() : report.refetch());

  const totalValue = rows.reduce((sum, row) => sum + row.totalValue, 0);
  const needReorder = rows.filter((row) => row.status !== 'in-stock').length;
  const categoryCount = new Set(rows.map((row) => row.category?.name).filter(Boolean)).size;

  return (
    <>
      <PageHeader
        title="Reports & Analytics"
        description="Generate and view inventory reports"
        actions={
          <>
            <Button icon={<DownloadOutlined />} onClick={() => (showExpiring ? exportExpiringCsv(lots) : exportReportCsv(report.data))}>
              Export CSV
            </Button>
            <Button icon={<FilePdfOutlined />} onClick={() => void (showExpiring ? exportExpiringPdf(lots) : exportReportPdf(report.data))}>
              Export PDF
            </Button>
            <ExportAllMenu query={query} />
            <Button type="primary" icon={<ReloadOutlined />} onClick={generate}>
              Generate Report
            </Button>
          </>
        }
      />
      <ReportFilters values={filters} onChange={setFilters} onGenerate={generate} />
      {showExpiring ? (
        <SummaryCards
          loading={expiring.isLoading}
          cards={[
            {
              title: 'Expiring Soon',
              value: String(lots.filter((lot) => lot.daysLeft >= 0).length),
              caption: `Lots within ${settings.data?.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS} days`,
            },
            { title: 'Expired', value: String(lots.filter((lot) => lot.daysLeft < 0).length), caption: 'Lots past their date' },
            { title: 'Value at Risk', value: formatCurrency(valueAtRisk(lots)), caption: 'At unit price' },
          ]}
        />
      ) : (
        <SummaryCards
          loading={report.isLoading}
          cards={[
            { title: 'Total Inventory Value', value: formatCurrency(totalValue), caption: 'Across all categories' },
            { title: 'Items Needing Reorder', value: String(needReorder), caption: 'Below minimum stock level' },
            { title: 'Active Items', value: String(rows.length), caption: `In ${categoryCount} categories` },
          ]}
        />
      )}
      <Card title="Inventory Value Over Time" style={{ marginBottom: 16 }}>
        <Suspense fallback={<Skeleton active />}>
          {history.data && history.data.length > 0 ? (
            <ValueHistoryChart points={history.data} />
          ) : (
            <Skeleton active loading={history.isLoading} />
          )}
        </Suspense>
      </Card>
      <Card title={REPORT_TITLES[filters.type]}>
        {showExpiring ? (
          <ExpiringTable lots={lots} loading={expiring.isLoading} warningDays={settings.data?.expiryWarningDays} />
        ) : (
          <ReportTable rows={rows} loading={report.isLoading} />
        )}
      </Card>
    </>
  );
}
