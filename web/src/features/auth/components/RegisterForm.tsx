import { Alert, Button, Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import type { RegisterRequest } from '../../../api/auth';

export interface RegisterValues extends RegisterRequest {
  confirmPassword: string;
}

interface RegisterFormProps {
  pending: boolean;
  error: string | null;
  /** Filled in for the visitor, e.g. the address an invitation was sent to. */
  initialEmail?: string;
  onSubmit: (values: RegisterRequest) => void;
}

// spec §5: exact validation texts.
const rules: Record<keyof RegisterValues, Rule[]> = {
  firstName: [{ required: true, whitespace: true, message: 'First name is required' }],
  lastName: [{ required: true, whitespace: true, message: 'Last name is required' }],
  email: [
    { required: true, message: 'Please enter a valid email' },
    { type: 'email', message: 'Please enter a valid email' },
  ],
  password: [
    { required: true, message: 'Password must be at least 6 characters' },
    { min: 6, message: 'Password must be at least 6 characters' },
  ],
  confirmPassword: [
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        (value ?? '') === (getFieldValue('password') ?? '') ? Promise.resolve() : Promise.reject(new Error("Passwords don't match")),
    }),
  ],
};

export function RegisterForm({ pending, error, initialEmail, onSubmit }: RegisterFormProps) {
  // confirmPassword is checked here and never sent (spec §3 payload).
  const handleFinish = ({ confirmPassword: _confirm, ...body }: RegisterValues) => onSubmit(body);

  return (
    <Form<RegisterValues>
      name="register"
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      disabled={pending}
      initialValues={initialEmail ? { email: initialEmail } : undefined}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="First Name" name="firstName" rules={rules.firstName}>
            <Input autoComplete="given-name" placeholder="John" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last Name" name="lastName" rules={rules.lastName}>
            <Input autoComplete="family-name" placeholder="Doe" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Email" name="email" rules={rules.email}>
        <Input type="email" autoComplete="email" placeholder="john@example.com" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={rules.password}>
        <Input.Password autoComplete="new-password" placeholder="At least 6 characters" />
      </Form.Item>
      <Form.Item label="Confirm Password" name="confirmPassword" dependencies={['password']} rules={rules.confirmPassword}>
        <Input.Password autoComplete="new-password" placeholder="Repeat your password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" size="large" block disabled={pending} aria-busy={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
