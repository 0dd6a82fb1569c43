import { EnvironmentOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import type { LabelTarget } from '../../../api/labels';
import { LOCATION_TYPES, type Location, type LocationType } from '../../../api/locations';
import { CardGrid } from '../../../components/CardGrid';
import { PageHeader } from '../../../components/PageHeader';
import { useCardPage } from '../../../lib/use-card-page';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PrintLabelsDialog } from '../../labels/PrintLabelsDialog';
import { useWorkspaceAccess } from '../../workspace/access';
import { LocationCard } from '../components/LocationCard';
import { LocationDialog } from '../components/LocationDialog';
import { useDeleteLocation, useLocationNames, useLocations } from '../hooks';

const ALL_TYPES = 'all';
const typeOptions = [{ value: ALL_TYPES, label: 'All Types' }, ...LOCATION_TYPES.map((type) => ({ value: type, label: type }))];

/**
 * spec §2 Locations: search, type filter, card grid with item counts, create/edit dialog, delete. A
 * large site's cards come a page at a time (CARDS_PER_PAGE), paged on the server.
 */
export function LocationsPage() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<LocationType | typeof ALL_TYPES>(ALL_TYPES);
  const searched = useDebouncedValue(search);
  const { page, setPage, keepWithin } = useCardPage(`${type}:${searched.trim()}`);
  const query = useLocations(searched, type === ALL_TYPES ? undefined : type, page);
  // A viewer sees the cards without their edit and delete buttons.
  const { canWrite } = useWorkspaceAccess();
  const remove = useDeleteLocation();
  const [dialog, setDialog] = useState<{ open: boolean; location: Location | null }>({ open: false, location: null });
  const [labels, setLabels] = useState<{ target: LabelTarget | null; subject: string }>({ target: null, subject: '' });
  const locations = query.data?.items ?? [];
  if (query.data) keepWithin(query.data.total);
  const filtered = search.trim() !== '' || type !== ALL_TYPES;

  // Parent names: from the list itself, else (a filtered list may not hold the parent) looked up by id.
  const listed = new Map(locations.map((location) => [location.id, location.name]));
  const missing = [...new Set(locations.map((location) => location.parentLocationId))].filter(
    (id): id is string => id !== null && !listed.has(id),
  );
  const lookedUp = useLocationNames(missing);
  const nameOf = (id: string) => listed.get(id) ?? lookedUp.get(id);

  return (
    <>
      <PageHeader
        title="Locations"
        description="Manage where your items are stored"
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, location: null })}>
              Add Location
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 24 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search locations..."
          aria-label="Search locations"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 400, flex: '1 1 220px' }}
        />
        <Select aria-label="Filter by type" value={type} onChange={setType} options={typeOptions} style={{ width: 180 }} />
      </Flex>
      <CardGrid
        loading={query.isLoading}
        loadingLabel="Loading locations"
        items={locations}
        keyOf={(location) => location.id}
        empty={{
          icon: <EnvironmentOutlined style={{ fontSize: 48 }} aria-hidden />,
          description: filtered
            ? 'No locations match your filters'
            : canWrite
              ? 'No locations yet. Add your first location.'
              : 'No locations yet.',
        }}
        renderCard={(location) => (
          <LocationCard
            location={location}
            parentName={location.parentLocationId ? nameOf(location.parentLocationId) : undefined}
            deleting={remove.isPending && remove.variables === location.id}
            onEdit={(chosen) => setDialog({ open: true, location: chosen })}
            onDelete={(chosen) => remove.mutate(chosen.id)}
            onPrintLabel={(chosen) => setLabels({ target: { kind: 'locations', ids: [chosen.id] }, subject: chosen.name })}
            readOnly={!canWrite}
          />
        )}
        pager={query.data && { page, total: query.data.total, onChange: setPage, noun: ['location', 'locations'] }}
      />
      <PrintLabelsDialog
        target={labels.target}
        subject={labels.subject}
        onClose={() => setLabels((current) => ({ ...current, target: null }))}
      />
      <LocationDialog open={dialog.open} location={dialog.location} onClose={() => setDialog((current) => ({ ...current, open: false }))} />
    </>
  );
}
