import { REPORT_PAGE_SIZE, REPORT_SEARCH_MAX_LENGTH, REPORT_SORTS, ReportMessages as M, SORT_ORDERS } from '@inventory/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { Cursor, WholeNumber } from './fields.js';
import { OptionalText } from './text.js';

/* A report page's fields (docs/reports.md), written once for the gateway's and reporting's DTOs. */

/** A whole number read from the query string: page or pageSize. */
function OptionalQueryNumber(min: number, max: number, message: string): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Type(() => Number)(target, key);
    WholeNumber(min, max, message)(target, key);
  };
}

export const ReportPageNumber = (): PropertyDecorator => OptionalQueryNumber(1, 1_000_000, M.pageInvalid);
/** A page's rows: REPORT_PAGE_SIZE.max for the API; the export's slices, asked by the gateway, may be larger. */
export const ReportPageSize = (max: number = REPORT_PAGE_SIZE.max): PropertyDecorator =>
  OptionalQueryNumber(1, max, max === REPORT_PAGE_SIZE.max ? M.pageSizeInvalid : `pageSize must be a whole number from 1 to ${max}`);

export function ReportSortField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsIn(REPORT_SORTS, { message: M.sortInvalid })(target, key);
  };
}

export function SortOrderField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsIn(SORT_ORDERS, { message: M.orderInvalid })(target, key);
  };
}

/** Blank is no search. */
export const ReportSearch = (): PropertyDecorator => OptionalText(REPORT_SEARCH_MAX_LENGTH, M.searchInvalid);

/** The opaque cursor a previous slice returned (its content is checked where it is read). */
export const ReportCursor = (): PropertyDecorator => Cursor(M.cursorInvalid);
