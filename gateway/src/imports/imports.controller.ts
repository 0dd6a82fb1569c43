import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
  type MessageEvent,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import {
  CatalogSubjects,
  IMPORT_PAGE_SIZE_MAX,
  ImportMessages as M,
  ImportSubjects,
  LocationsSubjects,
  MAX_IMPORT_BYTES,
  type Actor,
  type ImportPreview,
  type ImportUpload,
  type ImportView,
} from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { from, interval, map, merge, takeWhile, type Observable } from 'rxjs';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { LiveStream } from '../lifecycle/shutdown.js';
import { getEnv } from '../config/env.js';
import { CatalogClient, InventoryClient, LocationsClient } from '../nats/service-clients.js';
import { UploadErrorsFilter } from '../uploads/upload-errors.filter.js';
import { ImportFileStore } from './import-file-store.js';
import { ImportProgress } from './import-progress.js';
import { ImportFileDto, ImportPreviewBodyDto, ImportPreviewDto, ImportUploadDto, ImportViewDto } from './imports.dto.js';

/** Places an import creates are storage places. */
const IMPORTED_LOCATION_TYPE = 'Storage';
/** Keeps an idle progress stream open through proxies that close silent connections. */
const HEARTBEAT_MS = 25_000;

interface UploadedImportFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** Bulk import (docs/import-export.md): upload, preview, run, follow, undo. */
@ApiTags('imports')
@WorkspaceData()
@Controller('imports')
export class ImportsController {
  /** Reading or checking a large file takes the worker a while; the request waits for it. */
  private readonly workTimeoutMs = getEnv().IMPORT_WORK_TIMEOUT_MS;

  constructor(
    private readonly catalog: CatalogClient,
    private readonly inventory: InventoryClient,
    private readonly locations: LocationsClient,
    private readonly files: ImportFileStore,
    private readonly progress: ImportProgress,
  ) {}

  @Post()
  @UseFilters(new UploadErrorsFilter({ tooLarge: M.fileTooLarge, missing: M.fileRequired }))
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } }))
  @ApiOperation({ summary: 'Upload a file to import (multipart field "file"): its columns, first rows and a suggested mapping' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ImportFileDto })
  @ApiCreatedResponse({ type: ImportUploadDto })
  @ApiBadRequestResponse({ description: 'No file, an empty or unreadable file, or more than 200,000 rows' })
  @ApiPayloadTooLargeResponse({ description: "'The file is larger than 50 MB'" })
  @ApiForbiddenResponse({ description: 'A viewer cannot import' })
  async upload(@CurrentActor() actor: Actor, @UploadedFile() file: UploadedImportFile | undefined): Promise<ImportUpload> {
    if (!file || file.size === 0) throw new BadRequestException(file ? M.empty : M.fileRequired);
    const id = randomUUID();
    const objectKey = await this.files.save(actor.workspaceId, id, file.buffer);
    const fileName = displayName(file.originalname);
    return this.inventory.call(ImportSubjects.create, { id, fileName, objectKey, size: file.size }, actor, {
      timeoutMs: this.workTimeoutMs,
    });
  }

  @Post(':id/preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check every row with a mapping and a mode; nothing is written. Counts, the first 500 errors, what would be created',
  })
  @ApiOkResponse({ type: ImportPreviewDto })
  @ApiBadRequestResponse({ description: 'A mapping without Name, a column not in the file, an unknown mode' })
  @ApiNotFoundResponse({ description: "'Import not found'" })
  @ApiConflictResponse({ description: "'This import has already been started'" })
  preview(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: ImportPreviewBodyDto): Promise<ImportPreview> {
    return this.inventory.call(ImportSubjects.preview, { id, mapping: body.mapping, mode: body.mode }, actor, {
      timeoutMs: this.workTimeoutMs,
    });
  }

  @Post(':id/commit')
  @HttpCode(202)
  @ApiOperation({ summary: 'Run the previewed import in the background; follow it at GET /api/imports/{id} or /events' })
  @ApiAcceptedResponse({ type: ImportViewDto })
  @ApiNotFoundResponse({ description: "'Import not found'" })
  @ApiConflictResponse({ description: "'Preview the import before starting it' or 'This import has already been started'" })
  async commit(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ImportView> {
    // Only the gateway may ask a service for something on a user's behalf (docs/security.md): the
    // categories and places the file names are made here, through their own services and rules.
    const missing = await this.inventory.call(ImportSubjects.references, { id }, actor);
    for (const name of missing.categories) await unlessTaken(this.catalog.call(CatalogSubjects.createCategory, { name }, actor));
    for (const name of missing.locations)
      await unlessTaken(this.locations.call(LocationsSubjects.createLocation, { name, type: IMPORTED_LOCATION_TYPE }, actor));
    return this.inventory.call(ImportSubjects.commit, { id }, actor);
  }

  @Post(':id/undo')
  @HttpCode(202)
  @ApiOperation({ summary: 'Undo a finished import: its items archived, the stock it added removed, the details it changed set back' })
  @ApiAcceptedResponse({ type: ImportViewDto })
  @ApiNotFoundResponse({ description: "'Import not found'" })
  @ApiForbiddenResponse({ description: "A member undoing someone else's import" })
  @ApiConflictResponse({ description: 'Not finished, or items changed since the import' })
  undo(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ImportView> {
    return this.inventory.call(ImportSubjects.undo, { id }, actor);
  }

  @Get()
  @ApiOperation({ summary: "The workspace's last 100 imports, newest first" })
  @ApiOkResponse({ type: ImportViewDto, isArray: true })
  list(@CurrentActor() actor: Actor): Promise<ImportView[]> {
    return this.inventory.call(ImportSubjects.list, undefined, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'An import: its status and counts' })
  @ApiOkResponse({ type: ImportViewDto })
  @ApiNotFoundResponse({ description: "'Import not found'" })
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ImportView> {
    return this.inventory.call(ImportSubjects.get, { id }, actor);
  }

  @LiveStream(':id/events')
  @ApiOperation({ summary: 'Server-sent events: "progress" (data: the import) at once and on every change, until it settles; "heartbeat"' })
  @ApiProduces('text/event-stream')
  events(@CurrentActor() actor: Actor, @Param('id') id: string): Observable<MessageEvent> {
    // Live changes are heard from before the current state is read, so the end is never missed.
    const updates = merge(this.progress.of(actor.workspaceId, id), from(this.inventory.call(ImportSubjects.get, { id }, actor)));
    return merge(
      updates.pipe(map((view): MessageEvent => ({ type: 'progress', data: view }))),
      interval(HEARTBEAT_MS).pipe(map((): MessageEvent => ({ type: 'heartbeat', data: '' }))),
    ).pipe(takeWhile((event) => !(event.type === 'progress' && isFinal((event.data as ImportView).status)), true));
  }

  @Get(':id/errors.csv')
  @ApiOperation({ summary: "Every row error of the import's latest preview or run, as CSV (Row, Column, Message)" })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The row errors as CSV (UTF-8 with BOM)', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: "'Import not found'" })
  async errors(@CurrentActor() actor: Actor, @Param('id') id: string, @Res() res: Response): Promise<void> {
    // The first page before any header: a missing import still answers 404 as JSON.
    let page = await this.inventory.call(ImportSubjects.errors, { id, afterRow: 0, limit: IMPORT_PAGE_SIZE_MAX }, actor);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="import-errors-${id}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    const csv = stringify({ header: true, columns: ['Row', 'Column', 'Message'], bom: true });
    csv.pipe(res);
    for (;;) {
      for (const error of page.errors) if (!csv.write([error.row, error.column ?? '', error.message])) await once(csv, 'drain');
      if (page.next === null) break;
      page = await this.inventory.call(ImportSubjects.errors, { id, afterRow: page.next, limit: IMPORT_PAGE_SIZE_MAX }, actor);
    }
    csv.end();
  }
}

/** A creation that meets a name someone took a moment ago: there is nothing left to create. */
async function unlessTaken(creation: Promise<unknown>): Promise<void> {
  try {
    await creation;
  } catch (error) {
    if (!(error instanceof ServiceError && error.code === 'CONFLICT')) throw error;
  }
}

/** A stream ends once the import can change no more by itself. */
const isFinal = (status: ImportView['status']) => status === 'done' || status === 'failed' || status === 'undone';

/** The file's own name, as shown in the history and the movements' reason: no path, no odd characters. */
function displayName(name: string): string {
  // multer reads the name as Latin-1; browsers send UTF-8.
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  const base = utf8.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'import').slice(0, 200);
}
