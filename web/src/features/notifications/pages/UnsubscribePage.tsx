import { MailOutlined } from '@ant-design/icons';
import { Button, Flex, Result, theme, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage, isHttpError } from '../../../api/http';
import { Surface } from '../../../components/Surface';
import { PublicPage } from '../../auth/components/PublicPage';
import { useUnsubscribeEmail } from '../hooks';

const INVALID_LINK = 'This unsubscribe link is not valid';

const heading = (text: string) => <h1 style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>{text}</h1>;

/**
 * Where an email's unsubscribe link lands, signed in or out. Opening the link changes nothing (mail
 * scanners follow links): the button does, with the signed token from the link.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribeEmail();
  const { token: colors } = theme.useToken();
  const settingsLink = <Link to="/account">Account settings</Link>;

  let content;
  if (unsubscribe.isSuccess) {
    content = (
      <Result
        status="success"
        title={heading(`Email notifications are off for ${unsubscribe.data.email}`)}
        subTitle="You will get no more notification emails. Notifications in the app are unchanged."
        extra={<Typography.Text>You can turn emails back on in {settingsLink}.</Typography.Text>}
      />
    );
  } else if (!token || (unsubscribe.isError && isHttpError(unsubscribe.error) && unsubscribe.error.status < 500)) {
    // A refused token (forged, or made for an account that is gone): the server says which.
    content = (
      <Result
        status="warning"
        title={heading(token ? errorMessage(unsubscribe.error, INVALID_LINK) : INVALID_LINK)}
        subTitle="Use the link from the latest email as it is, or turn email notifications off yourself."
        extra={settingsLink}
      />
    );
  } else {
    content = (
      <Flex vertical align="center" style={{ textAlign: 'center' }}>
        <span aria-hidden style={{ fontSize: 40, color: colors.colorPrimary }}>
          <MailOutlined />
        </span>
        <Typography.Title level={1} style={{ fontSize: 26, marginTop: 12 }}>
          Stop email notifications?
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          You will no longer get low-stock and expiry emails from Inventory Manager. Notifications in the app and in your browser stay as
          they are.
        </Typography.Paragraph>
        {unsubscribe.isError && (
          <Typography.Paragraph type="danger" role="alert">
            Could not turn email notifications off: {errorMessage(unsubscribe.error, 'please check your connection and try again.')}
          </Typography.Paragraph>
        )}
        <Flex gap={12} justify="center" wrap>
          <Button type="primary" size="large" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            Turn off email notifications
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <PublicPage centered>
      <Surface padding="clamp(24px, 5vw, 40px)" style={{ width: '100%', maxWidth: 560 }}>
        {content}
      </Surface>
    </PublicPage>
  );
}
