import type { ApiTokensRpc } from './api-tokens.js';
import type { CatalogRpc } from './catalog.js';
import type { CountsRpc } from './counts.js';
import type { DemoRpc } from './demo.js';
import type { HealthRpc } from './health.js';
import type { InventoryRpc } from './inventory.js';
import type { IdentityRpc } from './identity.js';
import type { ImportsRpc } from './imports.js';
import type { LabelsRpc } from './labels.js';
import type { LocationsRpc } from './locations.js';
import type { NotificationsRpc } from './notifications.js';
import type { ReportingRpc } from './reporting.js';
import type { WorkspacesRpc } from './workspaces.js';

/**
 * Request and response type of every NATS subject. rpc() on the gateway and the service handlers are
 * typed from this map, so both sides of a subject share one contract. Each area declares its own
 * `<Area>Rpc` interface next to its subjects and adds it here.
 */
export interface RpcMap
  extends
    HealthRpc,
    IdentityRpc,
    CatalogRpc,
    LocationsRpc,
    InventoryRpc,
    ReportingRpc,
    WorkspacesRpc,
    ApiTokensRpc,
    ImportsRpc,
    NotificationsRpc,
    CountsRpc,
    LabelsRpc,
    DemoRpc {}

export type Subject = keyof RpcMap;
export type RpcRequest<S extends Subject> = RpcMap[S]['request'];
export type RpcResponse<S extends Subject> = RpcMap[S]['response'];
