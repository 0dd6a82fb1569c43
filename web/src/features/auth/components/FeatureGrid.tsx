import { BarChartOutlined, BellOutlined, DatabaseOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Col, Row, theme, Typography } from 'antd';
import { Surface } from '../../../components/Surface';
import type { ReactNode } from 'react';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** spec §1: the four landing-page features. */
const FEATURES: readonly Feature[] = [
  {
    icon: <DatabaseOutlined />,
    title: 'Inventory Tracking',
    text: 'Track stock levels, manage SKUs and keep your inventory organised in one place.',
  },
  {
    icon: <BellOutlined />,
    title: 'Low Stock Alerts',
    text: 'Get notified automatically when items reach their reorder levels.',
  },
  {
    icon: <BarChartOutlined />,
    title: 'Reports & Analytics',
    text: 'See inventory value, stock movements and trends, and export reports.',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Secure Access',
    text: 'Every user sees only their own data, kept safe in cloud storage.',
  },
];

export function FeatureGrid() {
  const { token } = theme.useToken();
  return (
    <Row gutter={[24, 24]} role="list">
      {FEATURES.map((feature) => (
        <Col key={feature.title} xs={24} sm={12} lg={6} role="listitem">
          <Surface style={{ height: '100%' }}>
            <span
              aria-hidden
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: 48,
                height: 48,
                borderRadius: token.borderRadiusLG,
                background: token.colorPrimaryBg,
                color: token.colorPrimary,
                fontSize: 24,
                marginBottom: 16,
              }}
            >
              {feature.icon}
            </span>
            <Typography.Title level={3} style={{ fontSize: 18, marginTop: 0 }}>
              {feature.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {feature.text}
            </Typography.Paragraph>
          </Surface>
        </Col>
      ))}
    </Row>
  );
}
