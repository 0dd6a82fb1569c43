import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule, healthControllerFor } from '@inventory/platform';
import { AccountsController } from './accounts/accounts.controller.js';
import { ApiTokensController } from './api-tokens/api-tokens.controller.js';
import { ApiTokensService } from './api-tokens/api-tokens.service.js';
import { AccountsService } from './accounts/accounts.service.js';
import { UsersAdminController } from './admin/users-admin.controller.js';
import { UsersAdminService } from './admin/users-admin.service.js';
import { getEnv } from './config/env.js';
import { DemoController } from './demo/demo.controller.js';
import { migrations } from './migrations/index.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { passwordHasherProvider } from './passwords/password-hasher.provider.js';
import { ProfileController } from './profile/profile.controller.js';
import { ProfileService } from './profile/profile.service.js';
import { Seeder } from './seed/seeder.js';
import { ExternalIdentity } from './users/external-identity.entity.js';
import { NotificationSettings } from './users/notification-settings.embeddable.js';
import { User } from './users/user.entity.js';
import { WorkspacesController } from './workspaces/workspaces.controller.js';
import { WorkspacesService } from './workspaces/workspaces.service.js';

const env = getEnv();

@Module({
  imports: [
    DatabaseModule.forService({
      pgUrl: env.PG_URL,
      dbName: 'identity',
      entities: [User, ExternalIdentity, NotificationSettings],
      migrations,
    }),
    // Publishes UserDeleted and WorkspaceDeleted from the outbox, so every service purges the data.
    EventsModule.forService({
      service: 'identity',
      natsUrl: env.NATS_URL,
      streamReplicas: env.EVENTS_STREAM_REPLICAS,
      pgUrl: env.PG_URL,
      publishes: true,
    }),
  ],
  controllers: [
    healthControllerFor('identity'),
    AccountsController,
    ProfileController,
    UsersAdminController,
    WorkspacesController,
    ApiTokensController,
    NotificationsController,
    DemoController,
  ],
  providers: [
    passwordHasherProvider,
    AccountsService,
    ProfileService,
    UsersAdminService,
    WorkspacesService,
    ApiTokensService,
    NotificationsService,
    Seeder,
  ],
})
export class AppModule {}
