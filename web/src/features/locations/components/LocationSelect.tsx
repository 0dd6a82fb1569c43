import type { LocationStockView } from '../../../api/inventory';
import { getLocation, listLocations } from '../../../api/locations';
import { queryKeys } from '../../../api/query-keys';
import { PICKER_SIZE, ServerSearchSelect, type Choice, type ServerSearchSelectProps } from '../../../components/ServerSearchSelect';
import { UNASSIGNED, UNASSIGNED_LABEL, toOptionValue, withQuantity } from '../../inventory/stock';

type LocationSelectProps = Omit<ServerSearchSelectProps, 'noun' | 'unknownLabel' | 'matches' | 'chosen' | 'pinned'> & {
  /** The places an item holds stock at: offered first, each with its quantity ("Van (5 in stock)"). */
  held?: readonly LocationStockView[];
  /** Offer the unassigned bucket (UNASSIGNED): true unless said. */
  unassigned?: boolean;
  /** Its name here ("Unassigned" unless said). */
  unassignedLabel?: string;
};

/** A place, searched on the server by name (ServerSearchSelect); values are ids or UNASSIGNED. */
export function LocationSelect({ held = [], unassigned = true, unassignedLabel = UNASSIGNED_LABEL, ...props }: LocationSelectProps) {
  const quantityAt = (value: string) => held.find((entry) => toOptionValue(entry.locationId) === value)?.quantity;
  const choice = (id: string, name: string): Choice => ({ value: id, label: withQuantity(name, quantityAt(id)) });
  const pinned = [
    ...(unassigned ? [choice(UNASSIGNED, unassignedLabel)] : []),
    ...held
      .filter((entry) => entry.locationId !== null && entry.locationName !== null)
      .map((entry) => choice(entry.locationId!, entry.locationName!)),
  ];
  return (
    <ServerSearchSelect
      {...props}
      noun="places"
      unknownLabel="Unknown location"
      pinned={pinned}
      matches={(search) => ({
        queryKey: queryKeys.locations.choices(search),
        queryFn: async () =>
          (await listLocations({ search, limit: PICKER_SIZE + 1 })).items.map((location) => choice(location.id, location.name)),
      })}
      chosen={(id) => ({
        queryKey: queryKeys.locations.detail(id),
        queryFn: async () => choice(id, (await getLocation(id)).name),
      })}
    />
  );
}
