import { ExperimentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDemoLogin, usePublicConfig } from '../hooks';

/** 'Try Demo Mode': one-click demo login, offered only when the server enables it. */
export function DemoModeButton() {
  const config = usePublicConfig().data;
  const demoLogin = useDemoLogin();
  if (!config?.demoLoginEnabled) return null;
  const busy = demoLogin.isPending || demoLogin.isSuccess;
  return (
    <Button size="large" icon={<ExperimentOutlined />} loading={busy} onClick={() => demoLogin.mutate()}>
      Try Demo Mode
    </Button>
  );
}
