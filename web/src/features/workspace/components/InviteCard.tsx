import { CopyOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Typography, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import type { CreatedInvitation, WorkspaceRole } from '../../../api/workspaces';
import { copyText } from '../../../lib/clipboard';
import { useToast } from '../../../lib/toast';
import { useCreateInvitation } from '../hooks';
import { ROLE_DESCRIPTIONS, roleOptions, roleWithArticle } from '../roles';
import { SectionTitle } from './SectionTitle';

interface InviteValues {
  email: string;
  role: WorkspaceRole;
}

const LINK_ID = 'invitation-link';
const expiryFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Owners and admins invite by email; the link is shown once, to be sent by the inviter. */
export function InviteCard({ workspaceId, isOwner }: { workspaceId: string; isOwner: boolean }) {
  const [form] = Form.useForm<InviteValues>();
  const invite = useCreateInvitation();
  const toast = useToast();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const linkRef = useRef<InputRef>(null);
  const role = Form.useWatch('role', form) ?? 'member';

  async function onFinish({ email, role: chosen }: InviteValues) {
    try {
      setCreated(await invite.mutateAsync({ workspaceId, email: email.trim(), role: chosen }));
      form.resetFields();
    } catch {
      // Toasted by the hook (already a member, already invited...); the form keeps the address.
    }
  }

  async function copy(url: string) {
    const copied = await copyText(url, linkRef.current?.input ?? null);
    toast(
      copied
        ? { title: 'Link copied', description: 'Paste it into an email or a message.' }
        : { title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' },
    );
  }

  return (
    <Card title={<SectionTitle>Invite people</SectionTitle>}>
      <Form<InviteValues>
        form={form}
        name="invite"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ role: 'member' }}
      >
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Form.Item
              label="Email address"
              name="email"
              rules={[
                { required: true, message: 'Please enter a valid email' },
                { type: 'email', message: 'Please enter a valid email' },
              ]}
            >
              <Input type="email" autoComplete="off" placeholder="colleague@example.com" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label="Role" name="role" extra={ROLE_DESCRIPTIONS[role]}>
              <Select<WorkspaceRole> options={roleOptions(isOwner)} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={invite.isPending}>
          Create invitation link
        </Button>
      </Form>
      {created && (
        <Alert
          type="success"
          showIcon
          closable={{ 'aria-label': 'Dismiss' }}
          onClose={() => setCreated(null)}
          style={{ marginTop: 16 }}
          title={`Invitation for ${created.email} as ${roleWithArticle(created.role)}`}
          description={
            <Flex vertical gap={8}>
              <Typography.Text>
                Copy this link and send it to them. It is shown only now, works once, and expires on{' '}
                {expiryFormat.format(new Date(created.expiresAt))}.
              </Typography.Text>
              <label htmlFor={LINK_ID} style={{ fontWeight: 500 }}>
                Invitation link
              </label>
              {/* Side by side where they fit, the button under the link on a phone. */}
              <Flex gap={8} wrap>
                <Input
                  id={LINK_ID}
                  ref={linkRef}
                  readOnly
                  value={created.url}
                  onFocus={(event) => event.target.select()}
                  style={{ flex: '1 1 220px' }}
                />
                <Button icon={<CopyOutlined />} onClick={() => void copy(created.url)}>
                  Copy link
                </Button>
              </Flex>
            </Flex>
          }
        />
      )}
    </Card>
  );
}
