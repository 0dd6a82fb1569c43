import { Form, Input, Modal, Typography } from 'antd';
import { useCreateWorkspace } from '../hooks';
import { WORKSPACE_NAME_MAX_LENGTH, workspaceNameRules } from '../rules';

interface CreateWorkspaceDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the new workspace was created and switched to. */
  onCreated?: () => void;
}

export function CreateWorkspaceDialog({ open, onClose, onCreated }: CreateWorkspaceDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateWorkspace();

  async function onFinish({ name }: { name: string }) {
    try {
      await create.mutateAsync(name.trim());
      form.resetFields();
      onClose();
      onCreated?.();
    } catch {
      // Toasted by the hook; the dialog stays open for another try.
    }
  }

  return (
    <Modal
      open={open}
      title="Create workspace"
      okText={create.isPending ? 'Creating...' : 'Create workspace'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        A workspace has its own items, categories, locations and reports. You become its owner.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Workspace name" name="name" rules={workspaceNameRules}>
          <Input placeholder="e.g. Main Street Store" maxLength={WORKSPACE_NAME_MAX_LENGTH} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
