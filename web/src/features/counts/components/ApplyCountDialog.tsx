import type { CountView } from '../../../api/counts';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, isHttpError } from '../../../api/http';
import { formatCurrency } from '../../../lib/format';
import { signed } from '../format';
import { useApplyCount } from '../hooks';

interface ApplyCountDialogProps {
  view: CountView;
  open: boolean;
  onClose: () => void;
  /** Reads the count again (after a refusal, to show which items moved). */
  refresh: () => Promise<unknown>;
}

/**
 * Confirms applying a count: what it books and, when items moved at the place since they were
 * counted, which ones, with the choice to recount them (close and count again) or override.
 */
export function ApplyCountDialog({ view, open, onClose, refresh }: ApplyCountDialogProps) {
  const apply = useApplyCount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const moved = view.lines.filter((line) => line.changedSinceCounted);
  const changes = view.lines.filter((line) => (line.variance ?? 0) !== 0);
  // The reason the service gives the adjustments (contracts' countReason): the day the count was opened.
  const reason = `Count ${view.createdAt.slice(0, 10)}`;

  const run = async (override: boolean) => {
    setRefusal(null);
    try {
      await apply.mutateAsync({ id: view.id, override });
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error, 'Failed to apply the count'));
      if (isHttpError(error) && error.status === 409) await refresh();
    }
  };
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const conflicted = moved.length > 0 || refusal !== null;

  return (
    <Modal
      title="Apply this count?"
      open={open}
      onCancel={close}
      footer={[
        <Button key="back" onClick={close}>
          {moved.length > 0 ? 'Recount first' : 'Not yet'}
        </Button>,
        conflicted && (
          <Button key="override" danger loading={apply.isPending} onClick={() => void run(true)}>
            Apply anyway (override)
          </Button>
        ),
        !conflicted && (
          <Button key="apply" type="primary" loading={apply.isPending} onClick={() => void run(false)}>
            Apply
          </Button>
        ),
      ]}
    >
      <Typography.Paragraph>
        {changes.length === 0
          ? 'Every counted item matches the books: nothing will be booked, and the count will be closed.'
          : `${changes.length} ${changes.length === 1 ? 'adjustment' : 'adjustments'} will be booked with the reason '${reason}' (net ${signed(view.totals.netVariance)}, ${formatCurrency(view.totals.varianceValue)}). Items not counted are left as they are.`}
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      {moved.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="Moved here since they were counted"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="count-conflicts">
              {moved.map((line) => (
                <li
                  key={line.itemId}
                >{`${line.name}: counted ${line.counted}, expected ${line.expected} then, ${line.currentQuantity} now`}</li>
              ))}
            </ul>
          }
        />
      )}
      {moved.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Recount them to compare with the books now, or override to book the counted quantities as they are.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
