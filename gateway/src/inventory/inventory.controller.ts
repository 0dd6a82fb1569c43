import { Body, Controller, Delete, ForbiddenException, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  CodeMessages,
  InventoryMessages as M,
  InventorySubjects as S,
  MATCHES_COUNTED_PAST_PAGE,
  SEARCH_MATCHES_COUNTED_PAST_PAGE,
  MAX_ITEMS_PAGE,
  WorkspaceMessages,
  WorkspacePermissions,
  type Actor,
  type ExpiringLotView,
  type InventorySettings,
  type ItemView,
  type MovementEntry,
  type MovementResult,
} from '@inventory/contracts';
import { splitPageJson } from '@inventory/platform';
import type { Request, Response } from 'express';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { InventoryClient } from '../nats/service-clients.js';
import { IdempotencyKey } from './idempotency-key.js';
import {
  CodeParams,
  ExpiringLotDto,
  InventorySettingsBody,
  InventorySettingsDto,
  ItemDto,
  ListItemsQueryDto,
  ListMovementsQueryDto,
  MovementEntryDto,
  MovementResultDto,
  RecordMovementBody,
  RegisterItemBody,
  TransferStockBody,
  UndoMovementBody,
  UpdateItemBody,
} from './inventory.dto.js';

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'The same key answers the same and records nothing twice',
};

@ApiTags('inventory')
@ApiNotFoundResponse({ description: "'Item not found' (another user's item answers the same)" })
@WorkspaceData()
@Controller('inventory')
export class InventoryController {
  constructor(private readonly inventory: InventoryClient) {}

  @Get()
  @ApiOperation({ summary: 'Your active items, newest first; filtered and paged on request (total in X-Total-Count)' })
  @ApiOkResponse({
    type: ItemDto,
    isArray: true,
    headers: {
      'X-Total-Count': {
        description: 'How many items match the filters, over all pages; at least this many when X-Total-Count-Capped is sent',
        schema: { type: 'integer', minimum: 0 },
      },
      'X-Total-Count-Capped': {
        description: `Sent (true) when more items match: a filter counts at most ${MATCHES_COUNTED_PAST_PAGE} matches past the page, a search ${SEARCH_MATCHES_COUNTED_PAST_PAGE}`,
        schema: { type: 'string', enum: ['true'] },
      },
      Link: {
        description:
          'Sent when the page is full: rel="next" is this list\'s next page, after the cursor of its last item (RFC 8288), e.g. </api/inventory?sort=name&offset=100&after=…>; rel="next"',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBadRequestResponse({ description: `'${M.cursorInvalid}' (a cursor of another order, or not one this list gave)` })
  async list(@CurrentActor() actor: Actor, @Query() query: ListItemsQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    // A page is tens of KB of JSON: its text goes out as it came, without a parse and a stringify.
    const page = await this.inventory.callJson(S.listItems, query, actor);
    const { total, totalCapped, next, items } = splitPageJson(page);
    res.setHeader('X-Total-Count', total);
    if (totalCapped) res.setHeader('X-Total-Count-Capped', 'true');
    if (next !== null) res.setHeader('Link', nextPageLink(req, query, next));
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(items);
  }

  // These come before ':id', which would take their names for an id.
  @Get('expiring')
  @ApiOperation({ summary: 'Lots that expire within the warning days or have expired, earliest first (the Expiring report)' })
  @ApiOkResponse({ type: ExpiringLotDto, isArray: true })
  expiring(@CurrentActor() actor: Actor): Promise<ExpiringLotView[]> {
    return this.inventory.call(S.listExpiringLots, undefined, actor);
  }

  @Get('settings')
  @ApiOperation({ summary: "The workspace's inventory settings (the expiry warning)" })
  @ApiOkResponse({ type: InventorySettingsDto })
  settings(@CurrentActor() actor: Actor): Promise<InventorySettings> {
    return this.inventory.call(S.getSettings, undefined, actor);
  }

  @Patch('settings')
  @ApiOperation({ summary: "Change the workspace's inventory settings (owners and admins)" })
  @ApiOkResponse({ type: InventorySettingsDto })
  updateSettings(@CurrentActor() actor: Actor, @Body() body: InventorySettingsBody): Promise<InventorySettings> {
    if (!WorkspacePermissions.manageMembers(actor.workspaceRole)) throw new ForbiddenException(WorkspaceMessages.roleForbids);
    return this.inventory.call(S.updateSettings, body, actor);
  }

  @Get('by-code/:code')
  @ApiOperation({ summary: "The item a scanned or typed code names: its label's short code, one of its barcodes, or its SKU" })
  @ApiOkResponse({ type: ItemDto })
  @ApiBadRequestResponse({ description: `'${CodeMessages.codeInvalid}'` })
  findByCode(@CurrentActor() actor: Actor, @Param() { code }: CodeParams): Promise<ItemView> {
    return this.inventory.call(S.findItemByCode, { code }, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your items, with its stock at each place' })
  @ApiOkResponse({ type: ItemDto })
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ItemView> {
    return this.inventory.call(S.getItem, { id }, actor);
  }

  @Post()
  @ApiOperation({ summary: 'Create an item; an initial stock is recorded as a first "in" movement' })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiCreatedResponse({ type: ItemDto })
  @ApiBadRequestResponse({ description: "'Item name is required', 'Unit price is required', ..." })
  @ApiConflictResponse({ description: "'An item with this SKU already exists', 'Another item already has the barcode …'" })
  register(@CurrentActor() actor: Actor, @Body() body: RegisterItemBody, @IdempotencyKey() key?: string): Promise<ItemView> {
    return this.inventory.call(S.registerItem, body, actor, { idempotencyKey: key });
  }

  @Patch(':id')
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({ summary: 'Change the reorder level and the editable details; fields left out stay' })
  @ApiOkResponse({ type: ItemDto })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateItemBody,
    @IdempotencyKey() key?: string,
  ): Promise<ItemView> {
    return this.inventory.call(S.updateItem, { ...body, id }, actor, { idempotencyKey: key });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Archive the item: hidden from lists, history kept' })
  @ApiNoContentResponse()
  async archive(@CurrentActor() actor: Actor, @Param('id') id: string, @IdempotencyKey() key?: string): Promise<void> {
    await this.inventory.call(S.archiveItem, { id }, actor, { idempotencyKey: key });
  }

  @Post(':id/stock')
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({ summary: 'Record a stock movement (in, out, adjustment)' })
  @ApiCreatedResponse({ type: MovementResultDto })
  @ApiConflictResponse({ description: "'Insufficient stock: N available'" })
  recordMovement(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: RecordMovementBody,
    @IdempotencyKey() key?: string,
  ): Promise<MovementResult> {
    return this.inventory.call(S.recordMovement, { ...body, id }, actor, { idempotencyKey: key });
  }

  @Post(':id/transfer')
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({ summary: 'Move stock between two of your places in one movement' })
  @ApiCreatedResponse({ type: MovementResultDto })
  @ApiConflictResponse({ description: 'More than the source holds' })
  transfer(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: TransferStockBody,
    @IdempotencyKey() key?: string,
  ): Promise<MovementResult> {
    return this.inventory.call(S.transferStock, { ...body, id }, actor, { idempotencyKey: key });
  }

  @Get(':id/movements')
  @ApiOperation({ summary: "The item's movements, newest first" })
  @ApiOkResponse({ type: MovementEntryDto, isArray: true })
  movements(@CurrentActor() actor: Actor, @Param('id') id: string, @Query() query: ListMovementsQueryDto): Promise<MovementEntry[]> {
    return this.inventory.call(S.listMovements, { ...query, id }, actor);
  }

  @Post(':id/movements/:movementId/undo')
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiOperation({ summary: 'Undo a movement with a compensating one (history is kept)' })
  @ApiCreatedResponse({ type: MovementResultDto })
  @ApiConflictResponse({ description: 'Already undone, an undo itself, or it would leave negative stock' })
  undo(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('movementId') movementId: string,
    @Body() body: UndoMovementBody,
    @IdempotencyKey() key?: string,
  ): Promise<MovementResult> {
    return this.inventory.call(S.undoMovement, { ...body, id, movementId }, actor, { idempotencyKey: key });
  }
}

/**
 * The next page's address: this request's, after `next`, with the offset where that page stands (so
 * that a filter's count keeps reaching past it).
 */
function nextPageLink(req: Request, query: ListItemsQueryDto, next: string): string {
  const url = new URL(req.originalUrl, 'http://gateway');
  url.searchParams.set('offset', String((query.offset ?? 0) + (query.limit ?? MAX_ITEMS_PAGE)));
  url.searchParams.set('after', next);
  return `<${url.pathname}${url.search}>; rel="next"`;
}
