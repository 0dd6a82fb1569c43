import { CloseCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, List, Tag, Typography } from 'antd';
import { errorMessage } from '../../../api/http';
import { useInvitations, useRevokeInvitation } from '../hooks';
import { ROLE_LABELS } from '../roles';
import { SectionTitle } from './SectionTitle';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Invitations not yet accepted, revoked or expired; revoking one makes its link useless. */
export function InvitationsCard({ workspaceId }: { workspaceId: string }) {
  const invitations = useInvitations(workspaceId, true);
  const revoke = useRevokeInvitation();

  return (
    <Card title={<SectionTitle>Pending invitations</SectionTitle>}>
      {invitations.isError ? (
        <Alert type="error" showIcon title={errorMessage(invitations.error, 'Failed to load the invitations')} />
      ) : (
        <List
          loading={invitations.isLoading}
          dataSource={invitations.data ?? []}
          locale={{ emptyText: 'No pending invitations' }}
          renderItem={(invitation) => (
            <List.Item
              key={invitation.id}
              data-testid="pending-invitation"
              actions={[
                <Button
                  key="revoke"
                  size="small"
                  icon={<CloseCircleOutlined />}
                  aria-label={`Revoke invitation for ${invitation.email}`}
                  loading={revoke.isPending && revoke.variables?.invitationId === invitation.id}
                  onClick={() => revoke.mutate({ workspaceId, invitationId: invitation.id, email: invitation.email })}
                >
                  Revoke
                </Button>,
              ]}
            >
              <div style={{ minWidth: 0 }}>
                <Flex align="center" gap={8} wrap>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Typography.Text>
                  <Tag>{ROLE_LABELS[invitation.role]}</Tag>
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Invited by {invitation.invitedBy} on {dateFormat.format(new Date(invitation.createdAt))} · expires{' '}
                  {dateFormat.format(new Date(invitation.expiresAt))}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
