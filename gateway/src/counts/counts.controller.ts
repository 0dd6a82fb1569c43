import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CountSubjects as S, type Actor, type CountLineView, type CountSummary, type CountView } from '@inventory/contracts';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { InventoryClient } from '../nats/service-clients.js';
import { ApplyCountBody, CountLineDto, CountSummaryDto, CountViewDto, OpenCountBody, RecordCountBody } from './counts.dto.js';

/** Stock counts (docs/counts.md): open, count (several people at once), apply or cancel. */
@ApiTags('counts')
@ApiNotFoundResponse({ description: "'Count not found' (another workspace's count answers the same)" })
@WorkspaceData()
@Controller('counts')
export class CountsController {
  constructor(private readonly inventory: InventoryClient) {}

  @Get()
  @ApiOperation({ summary: "The workspace's counts, newest first" })
  @ApiOkResponse({ type: CountSummaryDto, isArray: true })
  list(@CurrentActor() actor: Actor): Promise<CountSummary[]> {
    return this.inventory.call(S.list, undefined, actor);
  }

  @Post()
  @ApiOperation({ summary: 'Open a count of the stock at a place (or at no place), optionally of one category' })
  @ApiCreatedResponse({ type: CountViewDto })
  @ApiBadRequestResponse({ description: 'More items than one count may cover' })
  @ApiConflictResponse({ description: 'Too many open counts' })
  open(@CurrentActor() actor: Actor, @Body() body: OpenCountBody): Promise<CountView> {
    return this.inventory.call(S.open, body, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A count: expected, counted, variance and its value per item, and totals' })
  @ApiOkResponse({ type: CountViewDto })
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CountView> {
    return this.inventory.call(S.get, { id }, actor);
  }

  @Put(':id/lines/:itemId')
  @ApiOperation({ summary: 'Record (or recount) how many of an item were counted; the books are read again' })
  @ApiOkResponse({ type: CountLineDto })
  @ApiBadRequestResponse({ description: "'Counted quantity must be a whole number from 0 to …'" })
  @ApiConflictResponse({ description: "The count is no longer open, or the item is not in the count's category" })
  record(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('itemId') itemId: string,
    @Body() body: RecordCountBody,
  ): Promise<CountLineView> {
    return this.inventory.call(S.record, { id, itemId, counted: body.counted }, actor);
  }

  @Post(':id/apply')
  @HttpCode(200)
  @ApiOperation({
    summary: "Book one adjustment per counted item whose count differs (reason 'Count <day>') and close the count, all at once",
  })
  @ApiOkResponse({ type: CountViewDto })
  @ApiConflictResponse({
    description:
      'Already applied or cancelled, nothing counted, or items moved at the place since they were counted (named; recount or override)',
  })
  apply(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: ApplyCountBody): Promise<CountView> {
    return this.inventory.call(S.apply, { id, override: body.override }, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel an open count; nothing is booked' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: "'This count has already been applied'" })
  async cancel(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.inventory.call(S.cancel, { id }, actor);
  }
}
