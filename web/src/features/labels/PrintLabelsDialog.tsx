import { PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Flex, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { fetchLabelsPdf, LABEL_LAYOUT_CHOICES, labelsFileName, type LabelLayout, type LabelTarget } from '../../api/labels';
import { downloadBlob } from '../../lib/download';
import { markLabelsPrinted } from '../../lib/onboarding';
import { useAuth } from '../auth/hooks';

/** The sheet last printed on is offered first next time: a shop uses one kind of label stock. */
const LAYOUT_KEY = 'labels.layout';
const savedLayout = (): LabelLayout => {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LAYOUT_KEY);
  } catch {
    // A server render has no storage (docs/web-performance.md); nor has a browser with it switched off.
  }
  return LABEL_LAYOUT_CHOICES.find((choice) => choice.value === saved)?.value ?? 'a4-3x8';
};

interface PrintLabelsDialogProps {
  /** What to print; null while closed. */
  target: LabelTarget | null;
  /** Shown in the title: an item's or a place's name, or "3 items". */
  subject: string;
  onClose: () => void;
}

/** Choose the label stock, then the server's PDF downloads (docs/scanning.md, "Labels"). */
export function PrintLabelsDialog({ target, subject, onClose }: PrintLabelsDialogProps) {
  const { message } = App.useApp();
  const { user } = useAuth();
  const [layout, setLayout] = useState<LabelLayout>(savedLayout);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const print = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      downloadBlob(await fetchLabelsPdf(target, layout), labelsFileName(target, layout));
      localStorage.setItem(LAYOUT_KEY, layout);
      if (user) markLabelsPrinted(user.id);
      void message.success('Labels downloaded: print them at 100 % (actual size)');
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, 'The labels could not be made. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={`Print labels: ${subject}`}
      okText="Download PDF"
      okButtonProps={{ icon: <PrinterOutlined />, loading: busy }}
      onOk={() => void print()}
      onCancel={onClose}
      afterClose={() => setError(null)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Each label has a QR code that opens {target?.kind === 'locations' ? 'the location' : 'the item'} in this app, its name and its code
        {target?.kind === 'items' ? ', the SKU and the first barcode' : ''}.
      </Typography.Paragraph>
      <Radio.Group value={layout} onChange={(event) => setLayout(event.target.value as LabelLayout)} aria-label="Label sheet">
        <Flex vertical gap={12}>
          {LABEL_LAYOUT_CHOICES.map((choice) => (
            <Radio key={choice.value} value={choice.value}>
              <Typography.Text strong>{choice.title}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{choice.detail}</Typography.Text>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
    </Modal>
  );
}
