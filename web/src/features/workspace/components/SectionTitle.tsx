import { Typography } from 'antd';

/** A card's title as a heading, so the settings page can be browsed by its sections. */
export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}
