import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { DEFAULT_LOCATION_TYPE, type LocationType } from '@inventory/contracts';
import { shortCodeOf } from '@inventory/platform';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'locations' })
export class Location {
  [OptionalProps]?: 'id' | 'code' | 'type' | 'description' | 'parentLocationId' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Printed on the location's label (docs/scanning.md): a function of the id, set with it. */
  @Property({ type: 'text' })
  code: string = shortCodeOf(this.id);

  /** The workspace the location belongs to: every query is scoped by it. */
  @Property({ type: 'text' })
  workspaceId: string;

  /** Who created it. */
  @Property({ type: 'text' })
  userId: string;

  @Property({ type: 'string', length: 100 })
  name: string;

  @Property({ type: 'string', length: 50 })
  type: LocationType = DEFAULT_LOCATION_TYPE;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  /** Kept as a plain id: the tree is walked in memory (see location-tree.ts), never lazily loaded. */
  @Property({ type: 'uuid', nullable: true })
  parentLocationId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
