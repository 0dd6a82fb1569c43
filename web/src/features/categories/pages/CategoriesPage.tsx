import { PageHeader } from '../../../components/PageHeader';

/** Placeholder until the categories screen is built (SPEC 2). */
export function CategoriesPage() {
  return <PageHeader title="Categories" description="Organise your items into categories" />;
}
