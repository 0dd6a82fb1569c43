import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import type { CreatedApiToken } from '../../../api/api-tokens';
import type { CurrentUser } from '../../../api/auth';
import type { CurrentWorkspace, WorkspaceRole } from '../../../api/workspaces';
import { DEMO_USER_LOCKED } from '../../../lib/user-display';
import { useWorkspaces } from '../../workspace/hooks';
import { ROLE_LABELS, roleWithArticle } from '../../workspace/roles';
import {
  apiTokenNameRules,
  DEFAULT_EXPIRY,
  defaultTokenRole,
  EXPIRY_CHOICES,
  EXPIRY_LABELS,
  expiryDate,
  TOKEN_ROLE_DESCRIPTIONS,
  tokenRoles,
  type ExpiryChoice,
} from '../api-tokens';
import { useCreateApiToken } from '../hooks';
import { NewApiTokenPanel } from './NewApiTokenPanel';

interface CreateTokenValues {
  name: string;
  workspaceId: string;
  role: WorkspaceRole;
  expiry: ExpiryChoice;
}

interface CreateApiTokenCardProps {
  user: CurrentUser;
  /** The demo account: the form is shown, not used. */
  locked: boolean;
  /** The token just created, with its secret; shown until dismissed or revoked. */
  created: CreatedApiToken | null;
  onCreated: (token: CreatedApiToken | null) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const expiryOptions = EXPIRY_CHOICES.map((choice) => ({ value: choice, label: EXPIRY_LABELS[choice] }));

function expiryHint(choice: ExpiryChoice): string {
  const date = expiryDate(choice);
  return date ? `It stops working on ${dateFormat.format(date)}.` : 'It works until you revoke it.';
}

/** Names a token and binds it to one of the user's workspaces, with a role no higher than theirs there. */
export function CreateApiTokenCard({ user, locked, created, onCreated }: CreateApiTokenCardProps) {
  const [form] = Form.useForm<CreateTokenValues>();
  const workspaces = useWorkspaces();
  const create = useCreateApiToken();

  // Until the list arrives, the current workspace (known from the session) is the only choice.
  const choices: CurrentWorkspace[] = workspaces.data ?? [user.workspace];
  const workspaceId = Form.useWatch('workspaceId', form) ?? user.workspace.id;
  const role = Form.useWatch('role', form) ?? defaultTokenRole(user.workspace.role);
  const expiry = Form.useWatch('expiry', form) ?? DEFAULT_EXPIRY;
  const workspace = choices.find((choice) => choice.id === workspaceId);
  const yourRole = workspace?.role ?? 'viewer';

  // A role above the user's one in the workspace chosen is not offered: it falls back to the default.
  function onValuesChange(changed: Partial<CreateTokenValues>, values: CreateTokenValues) {
    if (changed.workspaceId === undefined) return;
    const next = choices.find((choice) => choice.id === changed.workspaceId);
    if (next && !tokenRoles(next.role).includes(values.role)) form.setFieldValue('role', defaultTokenRole(next.role));
  }

  async function onFinish(values: CreateTokenValues) {
    try {
      const token = await create.mutateAsync({
        name: values.name.trim(),
        workspaceId: values.workspaceId,
        role: values.role,
        expiresAt: expiryDate(values.expiry)?.toISOString(),
      });
      // The secret lives on in this card only, not in the mutation cache.
      create.reset();
      onCreated(token);
      form.resetFields(['name']);
    } catch {
      // Toasted by the hook (a role too high, too many tokens...); the form keeps what was typed.
    }
  }

  return (
    <Card title="Create a token">
      {locked && (
        <Typography.Paragraph type="secondary">
          {DEMO_USER_LOCKED}: every visitor of the demo shares this account, so it cannot hold API tokens.
        </Typography.Paragraph>
      )}
      <Form<CreateTokenValues>
        form={form}
        name="api-token"
        layout="vertical"
        requiredMark={false}
        disabled={locked}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        initialValues={{ workspaceId: user.workspace.id, role: defaultTokenRole(user.workspace.role), expiry: DEFAULT_EXPIRY }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Token name"
              name="name"
              rules={apiTokenNameRules}
              extra="What it is for, e.g. the script or app that uses it."
            >
              <Input autoComplete="off" placeholder="e.g. Shop sync" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Workspace"
              name="workspaceId"
              extra={`You are ${roleWithArticle(yourRole)} there: the token’s role can be at most yours.`}
            >
              <Select<string>
                loading={workspaces.isLoading}
                options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Role" name="role" extra={TOKEN_ROLE_DESCRIPTIONS[role]}>
              <Select<WorkspaceRole> options={tokenRoles(yourRole).map((value) => ({ value, label: ROLE_LABELS[value] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Expires" name="expiry" extra={expiryHint(expiry)}>
              <Select<ExpiryChoice> options={expiryOptions} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={create.isPending}>
          Create token
        </Button>
      </Form>
      {created && <NewApiTokenPanel token={created} onClose={() => onCreated(null)} />}
    </Card>
  );
}
