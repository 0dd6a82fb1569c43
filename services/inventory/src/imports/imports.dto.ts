import {
  IMPORT_PAGE_SIZE_MAX,
  ImportMessages as M,
  type ImportCreateRequest,
  type ImportErrorsPageRequest,
  type ImportMode,
  type ImportPreviewRequest,
  type ImportRef,
} from '@inventory/contracts';
import { ImportMappingDto, ImportMappingField, ImportModeField, RequiredText, WholeNumber } from '@inventory/platform';

const FILE_NAME_MAX_LENGTH = 255;

/** An id that is no import's answers 404 like a missing one (checked in the service). */
export class ImportRefDto implements ImportRef {
  @RequiredText(100, { required: M.notFound, tooLong: M.notFound })
  id: string;
}

export class ImportCreateDto extends ImportRefDto implements ImportCreateRequest {
  @RequiredText(FILE_NAME_MAX_LENGTH, { required: M.fileRequired, tooLong: M.fileRequired })
  fileName: string;

  @RequiredText(300, { required: M.fileRequired, tooLong: M.fileRequired })
  objectKey: string;

  @WholeNumber(1, Number.MAX_SAFE_INTEGER, M.fileRequired)
  size: number;
}

export class ImportPreviewDto extends ImportRefDto implements ImportPreviewRequest {
  @ImportMappingField()
  mapping: ImportMappingDto;

  @ImportModeField()
  mode: ImportMode;
}

export class ImportErrorsPageDto extends ImportRefDto implements ImportErrorsPageRequest {
  @WholeNumber(0, Number.MAX_SAFE_INTEGER, 'afterRow must be a whole number of 0 or more')
  afterRow: number;

  @WholeNumber(1, IMPORT_PAGE_SIZE_MAX, `limit must be a whole number from 1 to ${IMPORT_PAGE_SIZE_MAX}`)
  limit: number;
}
