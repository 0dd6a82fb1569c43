import { Inject, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsTransport, objectStoreClient } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { ImportFiles, IMPORTS_NATS, IMPORTS_S3 } from './import-files.js';
import { ImportJobQueue } from './import-jobs.js';
import { ImportRunner } from './import-runner.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ImportsWorker } from './imports.worker.js';

/** The service side: requests about imports, answered from its tables or by awaiting the worker. */
@Module({ controllers: [ImportsController], providers: [ImportsService, ImportJobQueue] })
export class ImportsModule {}

const s3: Provider = { provide: IMPORTS_S3, useFactory: () => objectStoreClient(getEnv()) };
const nats: Provider = {
  provide: IMPORTS_NATS,
  useFactory: async (): Promise<ClientProxy> => {
    const client = ClientProxyFactory.create(natsTransport(getEnv().NATS_URL));
    await client.connect();
    return client;
  },
};

/** The worker side: the jobs themselves. */
@Module({ providers: [s3, nats, ImportFiles, ImportRunner, ImportsWorker] })
export class ImportsWorkerModule implements OnApplicationShutdown {
  constructor(@Inject(IMPORTS_NATS) private readonly client: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
