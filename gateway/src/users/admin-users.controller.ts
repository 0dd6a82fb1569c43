import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor, PublicUser } from '@inventory/contracts';
import { CurrentActor, Roles } from '../auth/auth.decorators.js';
import { PublicUserDto } from '../auth/auth.dto.js';
import { AdminUserUpdateDto } from './admin-users.dto.js';
import { AdminUsersService } from './admin-users.service.js';

@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Not a super admin' })
@Roles('super_admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOperation({ summary: 'Every user, newest first; hasPassword instead of any password' })
  @ApiOkResponse({ type: PublicUserDto, isArray: true })
  list(@CurrentActor() actor: Actor): Promise<PublicUser[]> {
    return this.users.list(actor);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a user: names, email, role, and optionally a new password' })
  @ApiOkResponse({ type: PublicUserDto })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'An account with this email already exists' })
  update(@Param('id') id: string, @Body() dto: AdminUserUpdateDto, @CurrentActor() actor: Actor): Promise<PublicUser> {
    return this.users.update(actor, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a user with their sessions and data (not the demo user, not yourself)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  delete(@Param('id') id: string, @CurrentActor() actor: Actor): Promise<void> {
    return this.users.delete(actor, id);
  }
}
