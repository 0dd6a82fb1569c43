import { Card, Grid, List, Table, Tag, Typography } from 'antd';
import type { WorkspaceListing } from '../../../api/users';
import { useAllWorkspaces } from '../hooks';

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const owners = (workspace: WorkspaceListing) =>
  workspace.ownerEmails.length > 0 ? workspace.ownerEmails.join(', ') : 'No owner with an email';

/** Every workspace on the server, for the super admin: who owns it and how many people it has. */
export function WorkspacesCard() {
  const query = useAllWorkspaces(true);
  const wide = Grid.useBreakpoint().md ?? true;
  const workspaces = query.data ?? [];
  const title = (
    <span>
      Workspaces{' '}
      <Tag aria-label={`${workspaces.length} workspaces`} style={{ marginInlineStart: 8 }}>
        {workspaces.length}
      </Tag>
    </span>
  );
  return (
    <Card title={title} style={{ marginTop: 16 }} data-testid="all-workspaces">
      {wide ? (
        <Table<WorkspaceListing>
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          dataSource={workspaces}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: 'Name', dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
            { title: 'Owners', key: 'owners', render: (_, workspace) => owners(workspace) },
            { title: 'Members', dataIndex: 'memberCount', align: 'right' },
            { title: 'Created', dataIndex: 'createdAt', render: date },
          ]}
        />
      ) : (
        <List<WorkspaceListing>
          loading={query.isLoading}
          dataSource={workspaces}
          pagination={workspaces.length > 20 ? { pageSize: 20, size: 'small' } : false}
          renderItem={(workspace) => (
            <List.Item key={workspace.id}>
              <List.Item.Meta
                title={workspace.name}
                description={`${owners(workspace)} · ${workspace.memberCount} ${workspace.memberCount === 1 ? 'member' : 'members'} · ${date(workspace.createdAt)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
