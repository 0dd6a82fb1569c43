import { MAX_EXPIRY_WARNING_DAYS } from '../../inventory/expiry';
import { Button, Card, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useInventorySettings, useUpdateInventorySettings } from '../../inventory/hooks';
import { SectionTitle } from './SectionTitle';

const DAYS_ID = 'expiry-warning-days';

/**
 * How many days before a lot's expiry date it counts as 'expiring soon' (docs/expiry.md): the
 * inventory filter, the Expiring report and the expiry notifications follow it. Owners and admins change it.
 */
export function ExpiryWarningCard({ workspaceId, canChange }: { workspaceId: string; canChange: boolean }) {
  const settings = useInventorySettings();
  const update = useUpdateInventorySettings();
  const days = settings.data?.expiryWarningDays;

  return (
    <Card title={<SectionTitle>Expiry warning</SectionTitle>}>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 560 }}>
        Stock in a lot counts as expiring soon this many days before its expiry date. Members with Expiry Notifications on are told then,
        and again on the day.
      </Typography.Paragraph>
      {settings.isLoading || days === undefined ? (
        <Skeleton.Input active />
      ) : canChange ? (
        <Form
          key={`${workspaceId}:${days}`}
          layout="vertical"
          requiredMark={false}
          initialValues={{ expiryWarningDays: days }}
          onFinish={({ expiryWarningDays }: { expiryWarningDays: number }) =>
            update.mutateAsync({ expiryWarningDays }).catch(() => undefined)
          }
          style={{ maxWidth: 480 }}
        >
          <Form.Item label="Warn this many days ahead" htmlFor={DAYS_ID}>
            <Space.Compact>
              <Form.Item
                name="expiryWarningDays"
                noStyle
                rules={[
                  {
                    required: true,
                    type: 'integer',
                    min: 0,
                    max: MAX_EXPIRY_WARNING_DAYS,
                    message: `A whole number of days from 0 to ${MAX_EXPIRY_WARNING_DAYS}`,
                  },
                ]}
              >
                <InputNumber id={DAYS_ID} min={0} max={MAX_EXPIRY_WARNING_DAYS} precision={0} suffix="days" style={{ width: 140 }} />
              </Form.Item>
              <Button htmlType="submit" loading={update.isPending}>
                Save
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      ) : (
        <Typography.Text>
          {days} {days === 1 ? 'day' : 'days'} before the expiry date
        </Typography.Text>
      )}
    </Card>
  );
}
