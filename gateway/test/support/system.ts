import type { INestApplication } from '@nestjs/common';
import { startServices, type RunningServices } from '@inventory/platform/testing';
import type { AddressInfo } from 'node:net';
import { AppModule as CatalogModule } from '../../../services/catalog/src/app.module.js';
import { AppModule as IdentityModule } from '../../../services/identity/src/app.module.js';
import { AppModule as InventoryModule } from '../../../services/inventory/src/app.module.js';
import { AppModule as LocationsModule } from '../../../services/locations/src/app.module.js';
import { AppModule as ReportingModule } from '../../../services/reporting/src/app.module.js';
import { createGatewayApp } from '../../src/app.factory.js';

export interface System {
  baseUrl: string;
  gateway: INestApplication;
  services: RunningServices;
  close(): Promise<void>;
}

/** The whole back end in this process: every service on the real NATS, the gateway on a free port. */
export async function startSystem(): Promise<System> {
  const services = await startServices({
    identity: IdentityModule,
    inventory: InventoryModule,
    catalog: CatalogModule,
    locations: LocationsModule,
    reporting: ReportingModule,
  });
  const gateway = await createGatewayApp().catch(async (error: unknown) => {
    await services.close(); // see startServices: nothing is left running when the start fails
    throw error;
  });
  await gateway.listen(0, '127.0.0.1');
  const { port } = gateway.getHttpServer().address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    gateway,
    services,
    close: async () => {
      await gateway.close();
      await services.close();
    },
  };
}
