import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CurrentWorkspace } from '../../../api/workspaces';
import { useDeleteWorkspace } from '../hooks';
import { SectionTitle } from './SectionTitle';

const CONFIRM_ID = 'delete-workspace-confirm';

/**
 * An owner deletes a shared workspace with everything in it, after typing its name: a click alone
 * should not take every member's data. The server then moves each member's session elsewhere.
 */
export function DeleteWorkspaceCard({ workspace }: { workspace: CurrentWorkspace }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const remove = useDeleteWorkspace();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === workspace.name.trim();

  async function deleteNow() {
    try {
      await remove.mutateAsync({ id: workspace.id, name: workspace.name });
      setOpen(false);
      navigate('/', { replace: true });
    } catch {
      // Toasted by the hook; the dialog stays open.
    }
  }

  return (
    <Card title={<SectionTitle>Danger zone</SectionTitle>} style={{ borderColor: token.colorErrorBorder }}>
      <Typography.Paragraph>
        Deleting <strong>{workspace.name}</strong> removes its items, stock history, categories, locations, alerts and reports for every
        member. This cannot be undone.
      </Typography.Paragraph>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={() => {
          setTyped('');
          setOpen(true);
        }}
      >
        Delete workspace
      </Button>
      <Modal
        open={open}
        title={`Delete ${workspace.name}?`}
        okText={remove.isPending ? 'Deleting...' : 'Delete workspace'}
        okButtonProps={{ danger: true, disabled: !confirmed }}
        confirmLoading={remove.isPending}
        onOk={() => void deleteNow()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>Every member loses access, and all of its data is deleted.</Typography.Paragraph>
        <Form layout="vertical" onFinish={() => confirmed && void deleteNow()}>
          <Form.Item label={`Type ${workspace.name} to confirm`} htmlFor={CONFIRM_ID} style={{ marginBottom: 0 }}>
            <Input id={CONFIRM_ID} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
