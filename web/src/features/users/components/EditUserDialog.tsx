import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { AdminUser, Role } from '../../../api/users';
import { useUpdateUser } from '../hooks';

interface EditUserDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

interface EditUserValues {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  role: Role;
}

const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
  { value: 'super_admin', label: 'Super Admin' },
];

export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const [form] = Form.useForm<EditUserValues>();
  const update = useUpdateUser();

  useEffect(() => {
    if (!user) return;
    form.setFieldsValue({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      password: '',
      role: user.role ?? 'user',
    });
  }, [form, user]);

  async function onFinish({ password, ...values }: EditUserValues) {
    if (!user) return;
    try {
      // spec §5: a blank password keeps the current one and is left out of the payload.
      await update.mutateAsync({ id: user.id, ...values, ...(password ? { password } : {}) });
      onClose();
    } catch {
      // Toasted by the hook; the dialog stays open for a fix.
    }
  }

  return (
    <Modal
      open={user !== null}
      title="Edit User"
      okText={update.isPending ? 'Updating...' : 'Update User'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="First Name" name="firstName" rules={[{ required: true, whitespace: true, message: 'First name is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Last Name" name="lastName" rules={[{ required: true, whitespace: true, message: 'Last name is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email', message: 'Please enter a valid email' }]}>
          <Input type="email" />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="password"
          extra="Leave blank to keep the current password."
          rules={[{ min: 6, message: 'Password must be at least 6 characters' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Role" name="role">
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
