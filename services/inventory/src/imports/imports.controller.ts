import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ImportSubjects,
  type Actor,
  type ImportPreview,
  type ImportReferences,
  type ImportRowError,
  type ImportUpload,
  type ImportView,
} from '@inventory/contracts';
import { RpcActor, RpcWriter } from '@inventory/platform';
import { ImportCreateDto, ImportErrorsPageDto, ImportPreviewDto, ImportRefDto } from './imports.dto.js';
import { ImportsService } from './imports.service.js';

@Controller()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @MessagePattern(ImportSubjects.create)
  create(@RpcWriter() actor: Actor, @Payload('data') dto: ImportCreateDto): Promise<ImportUpload> {
    return this.imports.create(actor, dto);
  }

  @MessagePattern(ImportSubjects.preview)
  preview(@RpcWriter() actor: Actor, @Payload('data') dto: ImportPreviewDto): Promise<ImportPreview> {
    return this.imports.preview(actor, dto);
  }

  @MessagePattern(ImportSubjects.references)
  references(@RpcWriter() actor: Actor, @Payload('data') dto: ImportRefDto): Promise<ImportReferences> {
    return this.imports.references(actor, dto);
  }

  @MessagePattern(ImportSubjects.commit)
  commit(@RpcWriter() actor: Actor, @Payload('data') dto: ImportRefDto): Promise<ImportView> {
    return this.imports.commit(actor, dto);
  }

  @MessagePattern(ImportSubjects.undo)
  undo(@RpcWriter() actor: Actor, @Payload('data') dto: ImportRefDto): Promise<ImportView> {
    return this.imports.undo(actor, dto);
  }

  @MessagePattern(ImportSubjects.get)
  get(@RpcActor() actor: Actor, @Payload('data') dto: ImportRefDto): Promise<ImportView> {
    return this.imports.get(actor, dto);
  }

  @MessagePattern(ImportSubjects.list)
  list(@RpcActor() actor: Actor): Promise<ImportView[]> {
    return this.imports.list(actor);
  }

  @MessagePattern(ImportSubjects.errors)
  errors(@RpcActor() actor: Actor, @Payload('data') dto: ImportErrorsPageDto): Promise<{ errors: ImportRowError[]; next: number | null }> {
    return this.imports.errors(actor, dto);
  }
}
