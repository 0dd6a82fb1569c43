import { Module } from '@nestjs/common';
import { AdminWorkspacesController, InvitationsController, WorkspacesController } from './workspaces.controller.js';
import { WorkspacesService } from './workspaces.service.js';

@Module({
  controllers: [WorkspacesController, InvitationsController, AdminWorkspacesController],
  providers: [WorkspacesService],
})
export class WorkspacesModule {}
