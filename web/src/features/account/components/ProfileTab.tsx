import { CameraOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Form, Input, Typography, Upload } from 'antd';
import { useEffect } from 'react';
import type { CurrentUser } from '../../../api/auth';
import { useToast } from '../../../lib/toast';
import { avatarText, DEMO_USER_LOCKED, displayName, isDemoUser } from '../../../lib/user-display';
import { useUpdateProfile, useUploadProfilePhoto } from '../hooks';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

interface ProfileFormValues {
  firstName: string;
  email: string;
}

export function ProfileTab({ user }: { user: CurrentUser }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const toast = useToast();
  const save = useUpdateProfile();
  const upload = useUploadProfilePhoto();
  // Every demo visitor shares this profile: it is shown, not edited.
  const locked = isDemoUser(user);

  useEffect(() => {
    form.setFieldsValue({ firstName: user.firstName ?? '', email: user.email ?? '' });
  }, [form, user.firstName, user.email]);

  // Checked here too so a wrong file gets a message before any byte is sent.
  function beforeUpload(file: File) {
    if (!PHOTO_TYPES.includes(file.type)) {
      toast({ title: 'Invalid file type', description: 'Please choose a JPG, PNG or GIF image.', variant: 'destructive' });
    } else if (file.size > PHOTO_MAX_BYTES) {
      toast({ title: 'File too large', description: 'Please choose an image of at most 2MB.', variant: 'destructive' });
    } else {
      upload.mutate(file);
    }
    return false;
  }

  return (
    <Flex vertical gap={16}>
      <Card title="Profile Picture">
        <Flex gap={16} align="center" wrap>
          <Avatar
            size={72}
            src={user.profileImageUrl || undefined}
            alt={`${displayName(user)} profile picture`}
            style={{ background: '#2563eb' }}
          >
            {avatarText(user)}
          </Avatar>
          <div>
            <Upload disabled={locked} accept=".jpg,.jpeg,.png,.gif" showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
              <Button icon={<CameraOutlined />} loading={upload.isPending} disabled={locked}>
                {upload.isPending ? 'Uploading...' : 'Change Photo'}
              </Button>
            </Upload>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              JPG, PNG or GIF. Max size 2MB.
            </Typography.Paragraph>
          </div>
        </Flex>
      </Card>
      <Card title="Personal Information">
        {locked && (
          <Typography.Paragraph type="secondary">{DEMO_USER_LOCKED}: every visitor of the demo shares this profile.</Typography.Paragraph>
        )}
        <Form
          form={form}
          disabled={locked}
          layout="vertical"
          style={{ maxWidth: 480 }}
          onFinish={(values) => save.mutate({ firstName: values.firstName.trim(), email: values.email.trim() })}
        >
          <Form.Item label="Full Name" name="firstName">
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label="Email Address" name="email" rules={[{ type: 'email', message: 'Please enter a valid email' }]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
