import { Injectable } from '@nestjs/common';
import { raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CodeMessages,
  LOCATION_ROOT,
  LocationMessages,
  type Actor,
  type LocationTreeNode,
  type LocationView,
  type NamedListPage,
} from '@inventory/contracts';
import {
  containsPattern,
  invalid,
  normalizeShortCode,
  runSql,
  ServiceError,
  workspaceClearedEvent,
  writeOutbox,
} from '@inventory/platform';
import { isUUID } from 'class-validator';
import { LocationItemCounts } from '../item-counts/location-item-counts.js';
import { Location } from './location.entity.js';
import { locationCreated, locationDeleted, locationUpdated, publishedFields } from './location.events.js';
import { buildTree, parentProblem } from './location-tree.js';
import { toLocationView } from './location.view.js';
import type { CreateLocationDto, ListLocationsDto, LocationCodeDto, LocationIdDto, UpdateLocationDto } from './locations.dto.js';

/** A workspace's location tree. Every change commits with its events in the outbox. */
@Injectable()
export class LocationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly counts: LocationItemCounts,
  ) {}

  async list(actor: Actor, { search, type, limit, offset, parentId }: ListLocationsDto): Promise<NamedListPage<LocationView>> {
    const [locations, total] = await this.em.findAndCount(
      Location,
      {
        workspaceId: actor.workspaceId,
        ...(search ? { name: { $ilike: containsPattern(search) } } : {}),
        ...(type ? { type } : {}),
        ...(parentId ? { parentLocationId: parentId === LOCATION_ROOT ? null : parentId } : {}),
      },
      { orderBy: { [raw('lower(name)')]: 'asc', createdAt: 'asc', id: 'asc' }, limit, offset },
    );
    const counts = await this.counts.forLocations(
      actor.workspaceId,
      locations.map((location) => location.id),
    );
    return { items: locations.map((location) => toLocationView(location, counts.get(location.id) ?? 0)), total };
  }

  /**
   * Every match, nested: a `limit` or `offset` would cut branches off, so the tree leaves them out. With
   * `parentId`, one level: the locations directly inside it, each saying whether it has any below.
   */
  async tree(actor: Actor, { limit: _all, offset: _none, ...filters }: ListLocationsDto): Promise<LocationTreeNode[]> {
    const { items: locations } = await this.list(actor, filters);
    if (!filters.parentId) return buildTree(locations);
    const parents = await this.em.find(
      Location,
      { workspaceId: actor.workspaceId, parentLocationId: { $in: locations.map((location) => location.id) } },
      { fields: ['parentLocationId'] },
    );
    const withChildren = new Set(parents.map((child) => child.parentLocationId));
    return locations.map((location) => ({ ...location, children: [], hasChildren: withChildren.has(location.id) }));
  }

  async get(actor: Actor, { id }: LocationIdDto): Promise<LocationView> {
    return this.view(actor, await this.find(this.em, actor, id));
  }

  /** The location one of our short codes names, as scanned or typed. */
  async findByCode(actor: Actor, { code }: LocationCodeDto): Promise<LocationView> {
    const normalized = normalizeShortCode(code);
    const location = normalized ? await this.em.findOne(Location, { workspaceId: actor.workspaceId, code: normalized }) : null;
    if (!location) throw new ServiceError('NOT_FOUND', CodeMessages.locationCodeNotFound);
    return this.view(actor, location);
  }

  create(actor: Actor, dto: CreateLocationDto): Promise<LocationView> {
    return this.write(actor, async (em) => {
      if (dto.parentLocationId) await this.checkParent(em, actor, null, dto.parentLocationId);
      const location = em.create(Location, {
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        name: dto.name,
        ...(dto.type ? { type: dto.type } : {}),
        description: dto.description ?? null,
        parentLocationId: dto.parentLocationId ?? null,
      });
      await em.flush();
      await writeOutbox(em, [locationCreated(location, actor)]);
      return toLocationView(location, 0);
    });
  }

  update(actor: Actor, { id, ...changes }: UpdateLocationDto): Promise<LocationView> {
    return this.write(actor, async (em) => {
      const location = await this.find(em, actor, id);
      const publishedBefore = JSON.stringify(publishedFields(location));
      if (changes.parentLocationId && changes.parentLocationId !== location.parentLocationId) {
        await this.checkParent(em, actor, location.id, changes.parentLocationId);
      }
      if (changes.name !== undefined) location.name = changes.name;
      if (changes.type !== undefined) location.type = changes.type;
      if (changes.description !== undefined) location.description = changes.description;
      if (changes.parentLocationId !== undefined) location.parentLocationId = changes.parentLocationId;
      await em.flush();
      if (JSON.stringify(publishedFields(location)) !== publishedBefore) await writeOutbox(em, [locationUpdated(location, actor)]);
      return this.view(actor, location);
    });
  }

  /** Never loses anything: its sublocations move up to its parent, inventory moves its stock to unassigned. */
  delete(actor: Actor, { id }: LocationIdDto): Promise<null> {
    return this.write(actor, async (em) => {
      const location = await this.find(em, actor, id);
      const children = await em.find(Location, { workspaceId: actor.workspaceId, parentLocationId: location.id });
      for (const child of children) child.parentLocationId = location.parentLocationId;
      await em.flush();
      em.remove(location);
      await em.flush();
      await writeOutbox(em, [...children.map((child) => locationUpdated(child, actor)), locationDeleted(location, actor)]);
      return null;
    });
  }

  /** Every place of the actor's workspace goes, with no LocationDeleted each: one WorkspaceCleared says it. */
  clearWorkspace(actor: Actor): Promise<void> {
    return this.em.transactional(async (em) => {
      await runSql(em, 'DELETE FROM locations WHERE workspace_id = ?', [actor.workspaceId]);
      await writeOutbox(em, [workspaceClearedEvent('locations', actor)]);
    });
  }

  /** The parent must be one of the user's locations and not the location itself or below it. */
  private async checkParent(em: EntityManager, actor: Actor, locationId: string | null, parentId: string): Promise<void> {
    const rows = await em.find(Location, { workspaceId: actor.workspaceId }, { fields: ['id', 'parentLocationId'] });
    const problem = parentProblem(new Map(rows.map((row) => [row.id, row.parentLocationId])), locationId, parentId);
    if (problem === 'unknown-parent') throw invalid(LocationMessages.parentInvalid);
    if (problem === 'cycle') throw invalid(LocationMessages.parentCycle);
  }

  private async view(actor: Actor, location: Location): Promise<LocationView> {
    const counts = await this.counts.forLocations(actor.workspaceId, [location.id]);
    return toLocationView(location, counts.get(location.id) ?? 0);
  }

  /** Another user's location answers exactly like a missing one. */
  private async find(em: EntityManager, actor: Actor, id: string): Promise<Location> {
    const location = isUUID(id) ? await em.findOne(Location, { id, workspaceId: actor.workspaceId }) : null;
    if (!location) throw new ServiceError('NOT_FOUND', LocationMessages.notFound);
    return location;
  }

  /**
   * Writes of one user run one at a time (a transaction-scoped advisory lock on the user), so two
   * concurrent moves cannot each pass the cycle check and together close a loop.
   */
  private write<T>(actor: Actor, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional(async (em) => {
      await runSql(em, 'SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`locations:${actor.workspaceId}`]);
      return work(em);
    });
  }
}
