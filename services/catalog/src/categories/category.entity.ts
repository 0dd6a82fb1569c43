import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'categories' })
export class Category {
  [OptionalProps]?: 'id' | 'description' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The workspace the category belongs to: every query is scoped by it. */
  @Property({ type: 'text' })
  workspaceId: string;

  /** Who created it. */
  @Property({ type: 'text' })
  userId: string;

  @Property({ type: 'string', length: 100 })
  name: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
