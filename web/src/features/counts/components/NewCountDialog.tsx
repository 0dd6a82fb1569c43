import { Form, Modal, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCategories } from '../../categories/hooks';
import { useLocations } from '../../locations/hooks';
import { useOpenCount } from '../hooks';

/** The select's value for "the stock kept at no place" (a select option cannot be null). */
const NO_PLACE = '';

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
  const locations = useLocations('', undefined);
  const categories = useCategories('');
  const openCount = useOpenCount();
  const places = locations.data ?? [];

  const submit = async ({ locationId, categoryId }: NewCountValues) => {
    const view = await openCount.mutateAsync({ locationId: locationId || null, categoryId: categoryId ?? null });
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
        initialValues={{ locationId: places[0]?.id ?? NO_PLACE }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="locationId"
          label="Location to count"
          extra="Counts book adjustments at this place. 'No place' counts stock not kept at any location."
        >
          <Select
            loading={locations.isLoading}
            options={[
              ...places.map((place) => ({ value: place.id, label: place.name })),
              { value: NO_PLACE, label: 'No place (stock not at a location)' },
            ]}
          />
        </Form.Item>
        <Form.Item name="categoryId" label="Category (optional)">
          <Select
            allowClear
            placeholder="All categories"
            loading={categories.isLoading}
            options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
