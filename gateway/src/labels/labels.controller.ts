import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { DEFAULT_LABEL_LAYOUT, LabelMessages, LabelSubjects, MAX_LABELS, type Actor } from '@inventory/contracts';
import type { Response } from 'express';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { getEnv } from '../config/env.js';
import { InventoryClient } from '../nats/service-clients.js';
import { ItemLabelsQuery, LocationLabelsQuery } from './labels.dto.js';

const LABEL_CONTENTS =
  "Each label: a QR code of the record's page in this app (<PUBLIC_URL>/i/<code> for an item, /l/<code> for a place), the name, " +
  'the short code as text; for an item also the SKU and its first barcode as Code 128.';

/**
 * Label sheets as PDF (docs/scanning.md, "Labels"), rendered by the inventory service. Reads: every
 * member of the workspace may print, viewers and API tokens included.
 */
@ApiTags('labels')
@WorkspaceData()
@Controller('labels')
export class LabelsController {
  // A thousand labels take the service a few seconds to draw: more than a usual request's wait.
  private readonly timeoutMs = Math.max(getEnv().RPC_TIMEOUT_MS, 30_000);

  constructor(private readonly inventory: InventoryClient) {}

  @Get('items.pdf')
  @ApiOperation({ summary: `Labels of the items chosen by ids, or of every active item of a category or place, as PDF. ${LABEL_CONTENTS}` })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, one label per item in order, row by row' })
  @ApiBadRequestResponse({
    description: `'${LabelMessages.chooseItems}', '${LabelMessages.tooMany}', '${LabelMessages.nothingToPrint}', …`,
  })
  @ApiNotFoundResponse({
    description: "'Item not found', 'Category not found', 'Location not found' (another workspace's ids answer the same)",
  })
  async items(@CurrentActor() actor: Actor, @Query() query: ItemLabelsQuery, @Res() res: Response): Promise<void> {
    const pieces = await this.inventory.callChunked(LabelSubjects.items, query, actor, { timeoutMs: this.timeoutMs });
    sendPdf(res, `item-labels-${query.layout ?? DEFAULT_LABEL_LAYOUT}.pdf`, pieces);
  }

  @Get('locations.pdf')
  @ApiOperation({ summary: `Labels of the places chosen by ids (left out: every place, at most ${MAX_LABELS}), as PDF. ${LABEL_CONTENTS}` })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, one label per place in order, row by row' })
  @ApiBadRequestResponse({ description: `'${LabelMessages.tooMany}', '${LabelMessages.layoutInvalid}', …` })
  @ApiNotFoundResponse({ description: "'Location not found' (another workspace's ids answer the same)" })
  async locations(@CurrentActor() actor: Actor, @Query() query: LocationLabelsQuery, @Res() res: Response): Promise<void> {
    const pieces = await this.inventory.callChunked(LabelSubjects.locations, query, actor, { timeoutMs: this.timeoutMs });
    sendPdf(res, `location-labels-${query.layout ?? DEFAULT_LABEL_LAYOUT}.pdf`, pieces);
  }
}

/** Inline, so that a link opens the browser's viewer (print from there); saved, it keeps its name. */
function sendPdf(res: Response, filename: string, pieces: string[]): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(Buffer.from(pieces.join(''), 'base64'));
}
