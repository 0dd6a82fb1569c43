import { PageHeader } from '../../../components/PageHeader';

/** Placeholder until the account screen is built (SPEC 2). */
export function AccountPage() {
  return <PageHeader title="Account Settings" description="Manage your profile, security and notifications" />;
}
