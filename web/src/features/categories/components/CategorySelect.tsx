import { getCategory, listCategories } from '../../../api/categories';
import { queryKeys } from '../../../api/query-keys';
import { PICKER_SIZE, ServerSearchSelect, type ServerSearchSelectProps } from '../../../components/ServerSearchSelect';

type CategorySelectProps = Omit<ServerSearchSelectProps, 'noun' | 'unknownLabel' | 'matches' | 'chosen' | 'pinned'>;

/** A category, searched on the server by name (ServerSearchSelect). */
export function CategorySelect(props: CategorySelectProps) {
  return (
    <ServerSearchSelect
      {...props}
      noun="categories"
      unknownLabel="Unknown category"
      matches={(search) => ({
        queryKey: queryKeys.categories.choices(search),
        queryFn: async () =>
          (await listCategories({ search, limit: PICKER_SIZE + 1 })).items.map((category) => ({
            value: category.id,
            label: category.name,
          })),
      })}
      chosen={(id) => ({
        queryKey: queryKeys.categories.detail(id),
        queryFn: async () => {
          const category = await getCategory(id);
          return { value: category.id, label: category.name };
        },
      })}
    />
  );
}
