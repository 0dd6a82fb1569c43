import { Module } from '@nestjs/common';
import { AlertNotifications } from './alert-notifications.js';
import { AlertsController } from './alerts.controller.js';

@Module({ controllers: [AlertsController], providers: [AlertNotifications] })
export class AlertsModule {}
