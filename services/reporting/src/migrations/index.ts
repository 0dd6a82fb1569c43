import type { MigrationObject } from '@mikro-orm/core';
import { processedEventsMigration } from '@inventory/platform';
import { Reporting0001ReadModels } from './Reporting0001_read_models.js';
import { Reporting0002ItemTotals } from './Reporting0002_item_totals.js';
import { Reporting0003Workspaces } from './Reporting0003_workspaces.js';
import { Reporting0004ReportSearch } from './Reporting0004_report_search.js';
import { Reporting0005DailyValue } from './Reporting0005_daily_value.js';
import { Reporting0006ReportOrders } from './Reporting0006_report_orders.js';
import { Reporting0007AsOfAtScale } from './Reporting0007_as_of_at_scale.js';
import { Reporting0008AsOfOrders } from './Reporting0008_as_of_orders.js';
import { Reporting0009SmallSearchPendingLists } from './Reporting0009_small_search_pending_lists.js';
import { Reporting0010MonthlyCategoryTotals } from './Reporting0010_monthly_category_totals.js';
import { Reporting0011VersionEnds } from './Reporting0011_version_ends.js';
import { Reporting0012HistoryRoomForEnds } from './Reporting0012_history_room_for_ends.js';
import { Reporting0013ItemLevels } from './Reporting0013_item_levels.js';

/** Every migration of this service, oldest first. */
export const migrations: MigrationObject[] = [
  processedEventsMigration,
  { name: 'Reporting0001_read_models', class: Reporting0001ReadModels },
  { name: 'Reporting0002_item_totals', class: Reporting0002ItemTotals },
  { name: 'Reporting0003_workspaces', class: Reporting0003Workspaces },
  { name: 'Reporting0004_report_search', class: Reporting0004ReportSearch },
  { name: 'Reporting0005_daily_value', class: Reporting0005DailyValue },
  { name: 'Reporting0006_report_orders', class: Reporting0006ReportOrders },
  { name: 'Reporting0007_as_of_at_scale', class: Reporting0007AsOfAtScale },
  { name: 'Reporting0008_as_of_orders', class: Reporting0008AsOfOrders },
  { name: 'Reporting0009_small_search_pending_lists', class: Reporting0009SmallSearchPendingLists },
  { name: 'Reporting0010_monthly_category_totals', class: Reporting0010MonthlyCategoryTotals },
  { name: 'Reporting0011_version_ends', class: Reporting0011VersionEnds },
  { name: 'Reporting0012_history_room_for_ends', class: Reporting0012HistoryRoomForEnds },
  { name: 'Reporting0013_item_levels', class: Reporting0013ItemLevels },
];
