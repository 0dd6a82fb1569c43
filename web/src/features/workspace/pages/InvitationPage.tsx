import { CheckOutlined, LoginOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Spin, theme, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isHttpError } from '../../../api/http';
import type { InvitationPreview } from '../../../api/workspaces';
import { Surface } from '../../../components/Surface';
import { withNext } from '../../../lib/next-path';
import { PublicPage } from '../../auth/components/PublicPage';
import { useAuth, useLogout } from '../../auth/hooks';
import { useAcceptInvitation, useInvitationPreview } from '../hooks';
import { ROLE_DESCRIPTIONS, roleWithArticle } from '../roles';

const expiryFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const sameEmail = (a: string | null | undefined, b: string) => a?.trim().toLowerCase() === b.trim().toLowerCase();

/** What to do with a valid invitation: sign in or up first, or accept it with the right account. */
function InvitationActions({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const here = `/invite/${encodeURIComponent(token)}`;

  if (!user) {
    return (
      <>
        <Typography.Paragraph type="secondary">
          Sign in or create an account with <strong>{invitation.email}</strong> to accept it.
        </Typography.Paragraph>
        <Flex gap={12} justify="center" wrap>
          <Button type="primary" size="large" icon={<LoginOutlined />} onClick={() => navigate(withNext('/login', here))}>
            Sign in
          </Button>
          <Button
            size="large"
            icon={<UserAddOutlined />}
            onClick={() => navigate(`/register?${new URLSearchParams({ next: here, email: invitation.email }).toString()}`)}
          >
            Create account
          </Button>
        </Flex>
      </>
    );
  }

  const acceptNow = () =>
    accept
      .mutateAsync(token)
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);

  return (
    <>
      {!sameEmail(user.email, invitation.email) && (
        <Alert
          type="warning"
          showIcon
          style={{ textAlign: 'start', marginBottom: 16 }}
          title={`You are signed in as ${user.email ?? 'another account'}`}
          description={`This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`}
          action={
            <Button size="small" loading={logout.isPending} onClick={() => logout.mutate()}>
              Switch account
            </Button>
          }
        />
      )}
      <Flex gap={12} justify="center" wrap>
        <Button type="primary" size="large" icon={<CheckOutlined />} loading={accept.isPending} onClick={() => void acceptNow()}>
          Accept invitation
        </Button>
        <Button size="large" onClick={() => navigate('/')}>
          Not now
        </Button>
      </Flex>
    </>
  );
}

/**
 * Where an invitation link lands, signed in or out: who invites you to which workspace and as
 * what. Signing in or up from here comes back here (`?next=`) to accept.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { token: colors } = theme.useToken();
  const preview = useInvitationPreview(token);

  let content;
  if (preview.isLoading) {
    content = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" aria-label="Loading the invitation" />
      </Flex>
    );
  } else if (preview.isError || !preview.data) {
    // 404 for a used, expired or revoked link; any other refusal (a malformed token) means the same to the visitor.
    const gone = isHttpError(preview.error) && preview.error.status >= 400 && preview.error.status < 500;
    content = (
      <Surface style={{ width: '100%', maxWidth: 560 }}>
        <Result
          status={gone ? 'warning' : 'error'}
          title={<h1 style={{ fontSize: 24, margin: 0 }}>{gone ? 'This invitation is not valid' : 'Could not load the invitation'}</h1>}
          subTitle={
            gone
              ? 'It may have expired, been used or been revoked. Ask the person who invited you for a new link.'
              : errorMessage(preview.error, 'Please check your connection and try again.')
          }
          extra={
            <Flex gap={12} justify="center" wrap>
              {!gone && <Button onClick={() => void preview.refetch()}>Try again</Button>}
              <Link to="/">Go to the home page</Link>
            </Flex>
          }
        />
      </Surface>
    );
  } else {
    const invitation = preview.data;
    content = (
      <Surface padding="clamp(24px, 5vw, 40px)" style={{ width: '100%', maxWidth: 560, textAlign: 'center' }}>
        <span aria-hidden style={{ fontSize: 40, color: colors.colorPrimary }}>
          <TeamOutlined />
        </span>
        <Typography.Title level={1} style={{ fontSize: 26, marginTop: 12 }}>
          Join {invitation.workspaceName}
        </Typography.Title>
        <Typography.Paragraph style={{ fontSize: 16 }} data-testid="invitation-summary">
          {invitation.inviterName} invited you to join <strong>{invitation.workspaceName}</strong> as {roleWithArticle(invitation.role)}.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {ROLE_DESCRIPTIONS[invitation.role]}
          <br />
          Sent to {invitation.email} · expires on {expiryFormat.format(new Date(invitation.expiresAt))}
        </Typography.Paragraph>
        <InvitationActions token={token} invitation={invitation} />
      </Surface>
    );
  }

  return <PublicPage centered>{content}</PublicPage>;
}
