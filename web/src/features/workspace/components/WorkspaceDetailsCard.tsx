import { Button, Card, Descriptions, Flex, Form, Input, Space, Tag, theme, Typography } from 'antd';
import type { CurrentWorkspace } from '../../../api/workspaces';
import { useRenameWorkspace } from '../hooks';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../roles';
import { WORKSPACE_NAME_MAX_LENGTH, workspaceNameRules } from '../rules';
import { SectionTitle } from './SectionTitle';

const NAME_ID = 'workspace-name';

interface WorkspaceDetailsCardProps {
  workspace: CurrentWorkspace;
  personal: boolean;
  memberCount: number | undefined;
  canRename: boolean;
}

/** The workspace's name (renamed by owners and admins), the caller's role and what it allows. */
export function WorkspaceDetailsCard({ workspace, personal, memberCount, canRename }: WorkspaceDetailsCardProps) {
  const rename = useRenameWorkspace();
  const { token } = theme.useToken();

  async function onFinish({ name }: { name: string }) {
    const trimmed = name.trim();
    if (trimmed === workspace.name) return;
    await rename.mutateAsync({ id: workspace.id, name: trimmed }).catch(() => undefined);
  }

  return (
    <Card title={<SectionTitle>General</SectionTitle>}>
      {canRename && (
        <Form
          // Keyed by the name, so the field shows a rename made elsewhere (another tab, another admin).
          key={`${workspace.id}:${workspace.name}`}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          initialValues={{ name: workspace.name }}
          style={{ maxWidth: 480 }}
        >
          <Form.Item label="Workspace name" htmlFor={NAME_ID}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="name" noStyle rules={workspaceNameRules}>
                <Input id={NAME_ID} maxLength={WORKSPACE_NAME_MAX_LENGTH} autoComplete="off" />
              </Form.Item>
              <Button htmlType="submit" loading={rename.isPending}>
                Save name
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
      <Descriptions
        column={1}
        size="small"
        // antd's label grey is below AA contrast on white; the theme's secondary text is not.
        styles={{ label: { color: token.colorTextSecondary } }}
        items={[
          ...(canRename ? [] : [{ key: 'name', label: 'Name', children: workspace.name }]),
          {
            key: 'role',
            label: 'Your role',
            children: (
              <Flex vertical gap={2}>
                <span>
                  <Tag color="blue">{ROLE_LABELS[workspace.role]}</Tag>
                </span>
                <Typography.Text type="secondary">{ROLE_DESCRIPTIONS[workspace.role]}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'members', label: 'Members', children: memberCount ?? '—' },
          {
            key: 'type',
            label: 'Type',
            children: personal ? 'Personal workspace (it cannot be deleted)' : 'Shared workspace',
          },
        ]}
      />
    </Card>
  );
}
