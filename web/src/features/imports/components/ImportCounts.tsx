import { Card, Col, Row, Statistic, Typography } from 'antd';

export interface ImportCount {
  title: string;
  value: number;
  caption: string;
}

/** The four figures of a preview or a run in one card: two by two on a phone, in a row on a wider screen. */
export function ImportCounts({ counts }: { counts: ImportCount[] }) {
  return (
    <Card style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        {counts.map((count) => (
          <Col key={count.title} xs={12} md={6}>
            <Statistic title={count.title} value={count.value} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {count.caption}
            </Typography.Text>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
