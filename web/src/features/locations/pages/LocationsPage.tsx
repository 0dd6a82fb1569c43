import { PageHeader } from '../../../components/PageHeader';

/** Placeholder until the locations screen is built (SPEC 2). */
export function LocationsPage() {
  return <PageHeader title="Locations" description="Manage where your items are stored" />;
}
