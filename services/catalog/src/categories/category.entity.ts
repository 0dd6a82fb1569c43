import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'categories' })
export class Category {
  [OptionalProps]?: 'id' | 'description' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  userId: string;

  @Property({ type: 'string', length: 100 })
  name: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
