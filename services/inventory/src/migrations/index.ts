import type { MigrationObject } from '@mikro-orm/core';
import { outboxMigration, processedEventsMigration } from '@inventory/platform';
import { Inventory0001EventStore } from './Inventory0001_event_store.js';
import { Inventory0002ItemViews } from './Inventory0002_item_views.js';
import { Inventory0003IdempotencyKeys } from './Inventory0003_idempotency_keys.js';
import { Inventory0004Replicas } from './Inventory0004_replicas.js';
import { Inventory0005Alerts } from './Inventory0005_alerts.js';
import { Inventory0006ItemRecordJson } from './Inventory0006_item_record_json.js';
import { Inventory0007ItemCounts } from './Inventory0007_item_counts.js';
import { Inventory0008Workspaces } from './Inventory0008_workspaces.js';
import { Inventory0009Imports } from './Inventory0009_imports.js';
import { Inventory0010MovementsByWorkspace } from './Inventory0010_movements_by_workspace.js';
import { Inventory0011ItemCodes } from './Inventory0011_item_codes.js';
import { Inventory0012Counts } from './Inventory0012_counts.js';
import { Inventory0013Lots } from './Inventory0013_lots.js';
import { Inventory0014SearchTrigrams } from './Inventory0014_search_trigrams.js';
import { Inventory0015ItemSnapshots } from './Inventory0015_item_snapshots.js';
import { Inventory0016ItemSorts } from './Inventory0016_item_sorts.js';
import { Inventory0017ListFilters } from './Inventory0017_list_filters.js';
import { Inventory0018SearchByWorkspace } from './Inventory0018_search_by_workspace.js';
import { Inventory0019ItemPlaces } from './Inventory0019_item_places.js';
import { Inventory0020SmallSearchPendingLists } from './Inventory0020_small_search_pending_lists.js';
import { Inventory0021SortsInTheIndex } from './Inventory0021_sorts_in_the_index.js';
import { Inventory0022ListReferences } from './Inventory0022_list_references.js';
import { Inventory0023ItemLevels } from './Inventory0023_item_levels.js';
import { Inventory0024ItemCountsByStatement } from './Inventory0024_item_counts_by_statement.js';

/** Every migration of this service, oldest first. */
export const migrations: MigrationObject[] = [
  outboxMigration,
  processedEventsMigration,
  { name: 'Inventory0001_event_store', class: Inventory0001EventStore },
  { name: 'Inventory0002_item_views', class: Inventory0002ItemViews },
  { name: 'Inventory0003_idempotency_keys', class: Inventory0003IdempotencyKeys },
  { name: 'Inventory0004_replicas', class: Inventory0004Replicas },
  { name: 'Inventory0005_alerts', class: Inventory0005Alerts },
  { name: 'Inventory0006_item_record_json', class: Inventory0006ItemRecordJson },
  { name: 'Inventory0007_item_counts', class: Inventory0007ItemCounts },
  { name: 'Inventory0008_workspaces', class: Inventory0008Workspaces },
  { name: 'Inventory0009_imports', class: Inventory0009Imports },
  { name: 'Inventory0010_movements_by_workspace', class: Inventory0010MovementsByWorkspace },
  { name: 'Inventory0011_item_codes', class: Inventory0011ItemCodes },
  { name: 'Inventory0012_counts', class: Inventory0012Counts },
  { name: 'Inventory0013_lots', class: Inventory0013Lots },
  { name: 'Inventory0014_search_trigrams', class: Inventory0014SearchTrigrams },
  { name: 'Inventory0015_item_snapshots', class: Inventory0015ItemSnapshots },
  { name: 'Inventory0016_item_sorts', class: Inventory0016ItemSorts },
  { name: 'Inventory0017_list_filters', class: Inventory0017ListFilters },
  { name: 'Inventory0018_search_by_workspace', class: Inventory0018SearchByWorkspace },
  { name: 'Inventory0019_item_places', class: Inventory0019ItemPlaces },
  { name: 'Inventory0020_small_search_pending_lists', class: Inventory0020SmallSearchPendingLists },
  { name: 'Inventory0021_sorts_in_the_index', class: Inventory0021SortsInTheIndex },
  { name: 'Inventory0022_list_references', class: Inventory0022ListReferences },
  { name: 'Inventory0023_item_levels', class: Inventory0023ItemLevels },
  { name: 'Inventory0024_item_counts_by_statement', class: Inventory0024ItemCountsByStatement },
];
