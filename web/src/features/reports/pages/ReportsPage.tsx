import { PageHeader } from '../../../components/PageHeader';

/** Placeholder until the reports screen is built (SPEC 2). */
export function ReportsPage() {
  return <PageHeader title="Reports & Analytics" description="Generate and view inventory reports" />;
}
