import { PageHeader } from '../../../components/PageHeader';

/** Placeholder until the inventory screen is built (SPEC 2). */
export function InventoryPage() {
  return <PageHeader title="Inventory Management" description="Track and manage your inventory items" />;
}
