import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../lib/use-media-query';
import { VisuallyHidden } from './VisuallyHidden';

interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
}

/**
 * A page's heading, description and actions. On a phone the top bar already shows the page title
 * (the layout's one h1), so the heading is not shown twice there; it stays for screen readers, so
 * that the page's outline (h1, h2, then its cards' h3) is the same at every width.
 */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const isMobile = useIsMobile();
  if (isMobile && !description && !actions) {
    return (
      <VisuallyHidden>
        <h2>{title}</h2>
      </VisuallyHidden>
    );
  }
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={16} style={{ marginBottom: isMobile ? 16 : 24 }}>
      <div>
        {isMobile ? (
          <VisuallyHidden>
            <h2>{title}</h2>
          </VisuallyHidden>
        ) : (
          <Typography.Title level={2} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        )}
        {description && <Typography.Text type="secondary">{description}</Typography.Text>}
      </div>
      {actions && (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
