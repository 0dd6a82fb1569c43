import { DEFAULT_EXPIRY_WARNING_DAYS } from '../../inventory/expiry';
import { DownloadOutlined, FilePdfOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Skeleton } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { ReportQuery, ReportView } from '../../../api/reports';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PageHeader } from '../../../components/PageHeader';
import { formatCurrency } from '../../../lib/format';
import { ExportAllMenu } from '../components/ExportAllMenu';
import { REPORT_TITLES, ReportFilters, type ReportFilterValues } from '../components/ReportFilters';
import { ReportTable, type ReportTableState } from '../components/ReportTable';
import { markReportsVisited } from '../../../lib/onboarding';
import { useAuth } from '../../auth/hooks';
import { SummaryCards } from '../components/SummaryCards';
import { exportReportCsv, exportReportPdf } from '../export';
import { useReportPage, useValueHistory } from '../hooks';
import { REPORT_SEARCH_MAX_LENGTH } from '../report-rules';
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

/** spec §2 Reports & Analytics with working filters, an as-of date and a value-over-time chart. */
export function ReportsPage() {
  const { user } = useAuth();
  useEffect(() => {
    if (user) markReportsVisited(user.id);
  }, [user]);
  const [filters, setFilters] = useState<ReportFilterValues>({ range: '30days', type: 'inventory', custom: null, asOf: null });
  const query = useMemo(() => toQuery(filters), [filters]);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  // Other filters or another search show the report from its first page: a page belongs to the view it was chosen in.
  const viewKey = JSON.stringify([query, searched]);
  const [chosen, setChosen] = useState<ReportTableState & { viewKey: string }>({ page: 1, pageSize: 25, viewKey });
  const table: ReportTableState = { ...chosen, page: chosen.viewKey === viewKey ? chosen.page : 1 };
  const view: ReportView = { ...query, search: searched || undefined, sort: table.sort, order: table.order };
  const report = useReportPage(view, table.page, table.pageSize);
  // The figures are the report's, as filtered above; the search only narrows the table.
  const unsearched = useReportPage({ ...view, search: undefined }, 1, 1, view.search !== undefined);
  const summary = view.search === undefined ? report : unsearched;
  const totals = summary.data?.totals;
  const showExpiring = filters.type === 'expiring';
  const expiring = useExpiringLots(showExpiring);
  const settings = useInventorySettings();
  const lots = expiring.data ?? [];
  const history = useValueHistory({ range: query.range, from: query.from, to: query.to });

  const generate = () => void (showExpiring ? expiring.refetch() : report.refetch());

  return (
    <>
      <PageHeader
        title="Reports & Analytics"
        description="Generate and view inventory reports"
        actions={
          <>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => (showExpiring ? exportExpiringCsv(lots) : exportReportCsv(view, report.data?.totals))}
            >
              Export CSV
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              onClick={() => void (showExpiring ? exportExpiringPdf(lots) : exportReportPdf(view, report.data?.totals))}
            >
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
          loading={summary.isLoading}
          cards={[
            { title: 'Total Inventory Value', value: formatCurrency(totals?.value ?? 0), caption: 'Across all categories' },
            { title: 'Items Needing Reorder', value: String(totals?.lowStock ?? 0), caption: 'Below minimum stock level' },
            {
              title: 'Active Items',
              value: (totals?.items ?? 0).toLocaleString('en-US'),
              caption: `In ${totals?.categories ?? 0} categories`,
            },
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
        {showExpiring ? null : (
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder="Search name or SKU..."
            aria-label="Search the report"
            maxLength={REPORT_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 320, marginBottom: 16 }}
          />
        )}
        {showExpiring ? (
          <ExpiringTable lots={lots} loading={expiring.isLoading} warningDays={settings.data?.expiryWarningDays} />
        ) : (
          <ReportTable
            rows={report.data?.rows ?? []}
            total={report.data?.total ?? 0}
            loading={report.isLoading}
            fetching={report.isFetching && !report.isLoading}
            state={table}
            onChange={(next) => setChosen({ ...next, viewKey })}
            search={searched}
          />
        )}
      </Card>
    </>
  );
}
