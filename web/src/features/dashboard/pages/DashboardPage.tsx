import { PageHeader } from '../../../components/PageHeader';

/** Placeholder until the dashboard screen is built (SPEC 2). */
export function DashboardPage() {
  return <PageHeader title="Dashboard" description="Overview of your inventory" />;
}
