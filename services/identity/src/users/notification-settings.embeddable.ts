import { Embeddable, Property } from '@mikro-orm/core';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@inventory/contracts';

/** Stored as notify_* columns of the user row. */
@Embeddable()
export class NotificationSettings {
  @Property({ type: 'boolean' })
  lowStock: boolean = DEFAULT_NOTIFICATION_PREFERENCES.lowStock;

  @Property({ type: 'boolean' })
  expiry: boolean = DEFAULT_NOTIFICATION_PREFERENCES.expiry;

  @Property({ type: 'boolean' })
  email: boolean = DEFAULT_NOTIFICATION_PREFERENCES.email;

  @Property({ type: 'boolean' })
  push: boolean = DEFAULT_NOTIFICATION_PREFERENCES.push;
}
