import { Module } from '@nestjs/common';
import { AccountModule } from './account/account.module.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CategoriesModule } from './categories/categories.module.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { CountsModule } from './counts/counts.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DemoModule } from './demo/demo.module.js';
import { ExportModule } from './export/export.module.js';
import { HealthModule } from './health/health.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import { LabelsModule } from './labels/labels.module.js';
import { LifecycleModule } from './lifecycle/shutdown.js';
import { LocationsModule } from './locations/locations.module.js';
import { NatsClientModule } from './nats/nats-client.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { UsersModule } from './users/users.module.js';
import { WorkspacesModule } from './workspaces/workspaces.module.js';
import { ApiTokensModule } from './api-tokens/api-tokens.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';

@Module({
  imports: [
    LifecycleModule,
    NatsClientModule,
    ConnectionsModule,
    HealthModule,
    AuthModule,
    AccountModule,
    UsersModule,
    WorkspacesModule,
    ApiTokensModule,
    NotificationsModule,
    CategoriesModule,
    LocationsModule,
    DashboardModule,
    ReportsModule,
    ExportModule,
    InventoryModule,
    LabelsModule,
    DemoModule,
    AlertsModule,
    UploadsModule,
    ImportsModule,
    CountsModule,
  ],
})
export class AppModule {}
