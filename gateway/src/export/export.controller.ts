import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@inventory/contracts';
import type { Response } from 'express';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { ExportMovementsQueryDto } from './export.dto.js';
import { ExportService } from './export.service.js';
import { SHEET_CONTENT_TYPES } from './sheet-writers.js';

const ITEM_COLUMNS =
  'Name, SKU, Description, Category, Location, Quantity (total stock), Unit price, Reorder level, then "Stock @ <place>" for every place ' +
  '(and "Stock @ (no place)" when some stock is kept at none). Text that a spreadsheet would run as a formula starts with an apostrophe.';

/** Exports are reads: every member of the workspace may download them, viewers and API tokens included. */
@ApiTags('export')
@WorkspaceData()
@Controller('export')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get('items.csv')
  @ApiOperation({
    summary: `Every active item of the workspace, oldest first, streamed as CSV (UTF-8 with BOM, RFC 4180). ${ITEM_COLUMNS}`,
  })
  @ApiProduces(SHEET_CONTENT_TYPES.csv)
  @ApiOkResponse({ description: 'The file, as an attachment; the import reads it back unchanged' })
  itemsCsv(@CurrentActor() actor: Actor, @Res() res: Response): Promise<void> {
    return this.exports.items(actor, 'csv', res);
  }

  @Get('items.xlsx')
  @ApiOperation({
    summary: `Every active item of the workspace, oldest first, streamed as an Excel workbook of one sheet. ${ITEM_COLUMNS}`,
  })
  @ApiProduces(SHEET_CONTENT_TYPES.xlsx)
  @ApiOkResponse({ description: 'The file, as an attachment; the import reads it back unchanged' })
  itemsXlsx(@CurrentActor() actor: Actor, @Res() res: Response): Promise<void> {
    return this.exports.items(actor, 'xlsx', res);
  }

  @Get('movements.csv')
  @ApiOperation({
    summary:
      'Every stock movement of the workspace in the period, oldest first, streamed as CSV: Date, Item, SKU, Type, Quantity, Location, Reason, Stock after, By',
  })
  @ApiProduces(SHEET_CONTENT_TYPES.csv)
  @ApiOkResponse({ description: 'The file, as an attachment' })
  @ApiBadRequestResponse({ description: 'A malformed or impossible date, or from after to' })
  movementsCsv(@CurrentActor() actor: Actor, @Query() query: ExportMovementsQueryDto, @Res() res: Response): Promise<void> {
    return this.exports.movements(actor, query, res);
  }
}
