import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { CreatedApiToken } from '../../../api/api-tokens';
import type { CurrentUser } from '../../../api/auth';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { isDemoUser } from '../../../lib/user-display';
import { ApiTokensCard } from './ApiTokensCard';
import { CreateApiTokenCard } from './CreateApiTokenCard';

/** Personal API tokens: what they are for, a form to create one, and the list to revoke them from. */
export function ApiTokensTab({ user }: { user: CurrentUser }) {
  // The demo account is shared by every visitor: it may look, not create.
  const locked = isDemoUser(user);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  return (
    <Flex vertical gap={16}>
      <Card title="API tokens">
        <Typography.Paragraph>
          An API token lets a script, a spreadsheet or another app use the inventory API for you, without your password. Send it with every
          request in the header <Typography.Text code>Authorization: Bearer &lt;token&gt;</Typography.Text>.
        </Typography.Paragraph>
        <Typography.Paragraph>
          Each token works in one of your workspaces, with a role you choose up to your own there. It reads and changes that workspace’s
          items, stock, categories, locations, reports and alerts, but it cannot manage members, invitations, tokens or your account. Revoke
          a token as soon as it is no longer needed.
        </Typography.Paragraph>
        <Typography.Link href="/api/docs" target="_blank" rel="noreferrer">
          Read the API documentation
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Typography.Link>
      </Card>
      <CreateApiTokenCard user={user} locked={locked} created={created} onCreated={setCreated} />
      <ApiTokensCard locked={locked} onRevoked={(id) => setCreated((shown) => (shown?.id === id ? null : shown))} />
    </Flex>
  );
}
