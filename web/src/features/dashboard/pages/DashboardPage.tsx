import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveGrid } from '../../../components/ResponsiveGrid';
import { formatCurrency } from '../../../lib/format';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { SummaryCards } from '../../reports/components/SummaryCards';
import { OnboardingCard, useOnboarding } from '../components/OnboardingCard';
import { QuickActions } from '../components/QuickActions';
import { RecentActivity } from '../components/RecentActivity';
import { useCategoryValues, useDashboardStats, useRecentMovements } from '../hooks';
import { useMovementHistory } from '../../reports/hooks';

const DashboardCharts = lazy(async () => ({ default: (await import('../components/DashboardCharts')).DashboardCharts }));

/**
 * The charts, below the fold on a phone: their library (the largest download of the app) and their
 * data load when the visitor scrolls toward them (docs/web-performance.md).
 */
function ChartsWhenNear() {
  const [ref, near] = useNearViewport<HTMLElement>();
  const categoryValues = useCategoryValues({ enabled: near });
  const movementHistory = useMovementHistory({ range: '30days' }, { enabled: near });
  const placeholder = <Skeleton active style={{ marginTop: 16 }} />;
  return (
    <section ref={ref} aria-label="Charts">
      {near ? (
        <Suspense fallback={placeholder}>
          <DashboardCharts categoryValues={categoryValues.data ?? []} movementDays={movementHistory.data ?? []} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}

/** spec §2 Dashboard: four stat cards, Recent Activity and Quick Actions. */
export function DashboardPage() {
  const stats = useDashboardStats();
  const recent = useRecentMovements();
  const figures = stats.data;
  const onboarding = useOnboarding();
  const header = <PageHeader title="Dashboard" description="Overview of your inventory" />;
  // Everything appears together: a 'Get started' card arriving later would push the page down.
  if (onboarding.status === 'loading') {
    return (
      <>
        {header}
        <Skeleton active paragraph={{ rows: 6 }} />
      </>
    );
  }
  return (
    <>
      {header}
      {onboarding.status === 'shown' && <OnboardingCard onboarding={onboarding} />}
      <SummaryCards
        loading={stats.isLoading}
        cards={[
          { title: 'Total Items', value: String(figures?.totalItems ?? 0), caption: 'Active inventory' },
          { title: 'Low Stock Items', value: String(figures?.lowStockItems ?? 0), caption: 'Needs attention' },
          { title: 'Total Value', value: formatCurrency(figures?.totalValue ?? 0), caption: 'Inventory value' },
          { title: 'Categories', value: String(figures?.categoriesCount ?? 0), caption: 'Active categories' },
        ]}
      />
      <ResponsiveGrid columns={{ lg: '2fr 1fr' }}>
        <div>
          <RecentActivity movements={recent.data ?? []} loading={recent.isLoading} />
        </div>
        <div>
          <QuickActions />
        </div>
      </ResponsiveGrid>
      <ChartsWhenNear />
    </>
  );
}
