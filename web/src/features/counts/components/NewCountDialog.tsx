import { Form, Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { CategorySelect } from '../../categories/components/CategorySelect';
import { LocationSelect } from '../../locations/components/LocationSelect';
import { UNASSIGNED, toLocationId } from '../../inventory/stock';
import { useOpenCount } from '../hooks';

interface NewCountValues {
  locationId: string;
  categoryId?: string;
}

/**
 * Opens a count of one place's stock (or of the stock kept at no place: in a workspace without
 * places, all of it), optionally of one category, and goes to it.
 */
export function NewCountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<NewCountValues>();
  const navigate = useNavigate();
  const openCount = useOpenCount();

  const submit = async ({ locationId, categoryId }: NewCountValues) => {
    const view = await openCount.mutateAsync({ locationId: toLocationId(locationId), categoryId: categoryId ?? null });
    form.resetFields();
    onClose();
    navigate(`/counts/${encodeURIComponent(view.id)}`);
  };

  return (
    <Modal
      title="New stock count"
      open={open}
      onCancel={onClose}
      okText="Start counting"
      okButtonProps={{ loading: openCount.isPending, htmlType: 'submit', form: 'new-count' }}
      destroyOnHidden
    >
      <Form
        id="new-count"
        form={form}
        layout="vertical"
        initialValues={{ locationId: UNASSIGNED }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="locationId"
          label="Location to count"
          extra="Counts book adjustments at this place. 'No place' counts stock not kept at any location."
        >
          <LocationSelect aria-label="Location to count" unassignedLabel="No place (stock not at a location)" />
        </Form.Item>
        <Form.Item name="categoryId" label="Category (optional)">
          <CategorySelect aria-label="Category (optional)" allowClear placeholder="All categories" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
