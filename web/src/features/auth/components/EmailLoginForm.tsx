import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { LoginRequest } from '../../../api/auth';

interface EmailLoginFormProps {
  busy: boolean;
  onSubmit: (values: LoginRequest) => void;
  onBack: () => void;
}

/** Email view of the login card (spec §2): both fields required. */
export function EmailLoginForm({ busy, onSubmit, onBack }: EmailLoginFormProps) {
  return (
    <Form<LoginRequest> name="email-login" layout="vertical" requiredMark={false} onFinish={onSubmit} disabled={busy}>
      <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Please enter your email' }]}>
        <Input type="email" autoComplete="email" placeholder="Enter your email" size="large" autoFocus />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
        <Input.Password autoComplete="current-password" placeholder="Enter your password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block disabled={busy} aria-busy={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button type="link" block icon={<ArrowLeftOutlined />} onClick={onBack} style={{ marginTop: 8 }}>
        Back to Login Options
      </Button>
    </Form>
  );
}
