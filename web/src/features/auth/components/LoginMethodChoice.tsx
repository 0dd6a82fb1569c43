import { CrownOutlined, ExperimentOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Divider, Flex } from 'antd';

interface LoginMethodChoiceProps {
  busy: boolean;
  showSuperAdmin: boolean;
  showDemo: boolean;
  onEmail: () => void;
  /** Pointer or focus on the email button: a chance to fetch the email form early. */
  onEmailIntent?: () => void;
  onSuperAdmin: () => void;
  onDemo: () => void;
}

/** First view of the login card (spec §2): pick how to sign in. */
export function LoginMethodChoice(props: LoginMethodChoiceProps) {
  const { busy, showSuperAdmin, showDemo, onEmail, onEmailIntent, onSuperAdmin, onDemo } = props;
  return (
    <Flex vertical gap={12}>
      <Button
        type="primary"
        size="large"
        block
        icon={<MailOutlined />}
        disabled={busy}
        onClick={onEmail}
        onPointerEnter={onEmailIntent}
        onFocus={onEmailIntent}
      >
        Sign In with Email
      </Button>
      {showSuperAdmin && (
        <Button size="large" block icon={<CrownOutlined />} disabled={busy} onClick={onSuperAdmin}>
          Sign In as Super Admin
        </Button>
      )}
      {showDemo && (
        <>
          <Divider plain style={{ margin: '8px 0' }}>
            or
          </Divider>
          <Button size="large" block icon={<ExperimentOutlined />} disabled={busy} onClick={onDemo}>
            Try Demo Account
          </Button>
        </>
      )}
    </Flex>
  );
}
