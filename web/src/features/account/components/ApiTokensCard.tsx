import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, List, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import type { ApiTokenView } from '../../../api/api-tokens';
import { errorMessage } from '../../../api/http';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ROLE_LABELS } from '../../workspace/roles';
import { hasExpired, maskedToken } from '../api-tokens';
import { useApiTokens, useRevokeApiToken } from '../hooks';

interface ApiTokensCardProps {
  /** The demo account holds no tokens: nothing is read. */
  locked: boolean;
  onRevoked: (id: string) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

// Seven columns need the width of a desktop beside the side bar; below it each token is a list entry.
const COMPACT_QUERY = '(max-width: 991.98px)';
const ROW_TEST_ID = { 'data-testid': 'api-token' } as HTMLAttributes<HTMLElement>;

function Prefix({ token }: { token: ApiTokenView }) {
  return (
    <Typography.Text code data-testid="api-token-prefix">
      {maskedToken(token.prefix)}
    </Typography.Text>
  );
}

const expiredTag = (token: ApiTokenView) => (hasExpired(token.expiresAt) ? <Tag>Expired</Tag> : null);

const lastUsed = (token: ApiTokenView) => (token.lastUsedAt ? dateTimeFormat.format(new Date(token.lastUsedAt)) : 'Never used');

/** The user's tokens, by name and prefix (never the secret), each revocable at once. */
export function ApiTokensCard({ locked, onRevoked }: ApiTokensCardProps) {
  const compact = useMediaQuery(COMPACT_QUERY);
  const tokens = useApiTokens(!locked);
  const revoke = useRevokeApiToken();

  const revokeButton = (token: ApiTokenView) => (
    <Popconfirm
      title={`Revoke ${token.name}?`}
      description="Every script or app that uses it stops working at once."
      okText="Revoke"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={() =>
        revoke
          .mutateAsync({ id: token.id, name: token.name })
          .then(() => onRevoked(token.id))
          .catch(() => undefined)
      }
    >
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Revoke token ${token.name}`}
        disabled={locked}
        loading={revoke.isPending && revoke.variables?.id === token.id}
      >
        Revoke
      </Button>
    </Popconfirm>
  );

  const empty = (
    <Flex vertical gap={4} align="center" style={{ padding: '16px 0' }}>
      <Typography.Text strong>No API tokens yet</Typography.Text>
      <Typography.Text type="secondary">The tokens you create are listed here until you revoke them.</Typography.Text>
    </Flex>
  );

  const columns: ColumnsType<ApiTokenView> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, token) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
            {token.name}
          </Typography.Text>
          <Prefix token={token} />
        </div>
      ),
    },
    {
      title: 'Workspace',
      dataIndex: 'workspaceName',
      key: 'workspace',
      render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
    },
    { title: 'Role', dataIndex: 'role', key: 'role', render: (role: ApiTokenView['role']) => <Tag>{ROLE_LABELS[role]}</Tag> },
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: formatDate },
    { title: 'Last used', key: 'lastUsedAt', render: (_, token) => lastUsed(token) },
    {
      title: 'Expires',
      key: 'expiresAt',
      render: (_, token) => (
        <Flex gap={8} align="center" wrap>
          {token.expiresAt ? formatDate(token.expiresAt) : 'Never'}
          {expiredTag(token)}
        </Flex>
      ),
    },
    { title: 'Actions', key: 'actions', align: 'end', render: (_, token) => revokeButton(token) },
  ];

  const list = (
    <List<ApiTokenView>
      loading={tokens.isLoading}
      dataSource={tokens.data ?? []}
      locale={{ emptyText: empty }}
      renderItem={(token) => (
        <List.Item key={token.id} data-testid="api-token" actions={[revokeButton(token)]}>
          <div style={{ minWidth: 0 }}>
            <Flex align="center" gap={8} wrap>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {token.name}
              </Typography.Text>
              <Tag>{ROLE_LABELS[token.role]}</Tag>
              {expiredTag(token)}
            </Flex>
            <Flex align="center" gap={8} wrap style={{ marginTop: 4 }}>
              <Prefix token={token} />
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{token.workspaceName}</Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
              Created {formatDate(token.createdAt)} · {token.lastUsedAt ? `Last used ${lastUsed(token)}` : 'Never used'} ·{' '}
              {token.expiresAt ? `Expires ${formatDate(token.expiresAt)}` : 'Never expires'}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );

  const table = (
    <Table<ApiTokenView>
      rowKey="id"
      columns={columns}
      dataSource={tokens.data ?? []}
      loading={tokens.isLoading}
      pagination={false}
      size="middle"
      onRow={() => ROW_TEST_ID}
      locale={{ emptyText: empty }}
    />
  );

  return (
    <Card title="Your tokens" styles={compact ? undefined : { body: { paddingInline: 0, paddingBlock: 8 } }}>
      {tokens.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(tokens.error, 'Failed to load your API tokens')}
          style={compact ? undefined : { margin: 16 }}
        />
      ) : compact ? (
        list
      ) : (
        table
      )}
    </Card>
  );
}
