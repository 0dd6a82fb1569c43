import { ArrowRightOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FeatureGrid } from '../components/FeatureGrid';
import { PublicPage } from '../components/PublicPage';

const section = { maxWidth: 1120, margin: '0 auto', padding: 'clamp(40px, 8vw, 80px) clamp(16px, 4vw, 32px)' };

export function LandingPage() {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  // Links, not only buttons: on the page rendered ahead of time they work before the app has loaded.
  const toLogin = (event: MouseEvent) => {
    event.preventDefault();
    navigate('/login');
  };

  return (
    <PublicPage>
      <section aria-labelledby="landing-title" style={{ ...section, textAlign: 'center' }}>
        <Typography.Title id="landing-title" style={{ fontSize: 'clamp(2rem, 5vw, 3.25rem)', lineHeight: 1.15 }}>
          Smart Inventory Management for <span style={{ color: token.colorPrimary }}>Modern Businesses</span>
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 680, margin: '0 auto 32px' }}>
          Track stock levels, get alerted before you run out, and understand your inventory with clear reports.
        </Typography.Paragraph>
        <Button type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end" href="/login" onClick={toLogin}>
          Get Started
        </Button>
      </section>

      <section aria-labelledby="features-title" style={{ ...section, paddingTop: 0 }}>
        <Typography.Title id="features-title" level={2} style={{ textAlign: 'center', marginBottom: 32 }}>
          Everything you need to manage stock
        </Typography.Title>
        <FeatureGrid />
      </section>

      <section aria-labelledby="cta-title" style={{ background: token.colorPrimary, color: token.colorWhite }}>
        <Flex vertical align="center" gap={16} style={{ ...section, textAlign: 'center' }}>
          <Typography.Title id="cta-title" level={2} style={{ color: token.colorWhite, margin: 0 }}>
            Ready to take control of your inventory?
          </Typography.Title>
          <Typography.Paragraph style={{ color: token.colorWhite, fontSize: 16, margin: 0 }}>
            Join thousands of businesses that keep their stock under control.
          </Typography.Paragraph>
          <Button size="large" href="/login" onClick={toLogin}>
            Start Managing Inventory
          </Button>
        </Flex>
      </section>
    </PublicPage>
  );
}
