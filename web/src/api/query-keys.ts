/**
 * Query-key factory: every cache entry is keyed from here so that invalidation
 * after a write names the same keys the readers use (invalidate `all` to refresh an area).
 */
const auth = ['auth'] as const;
const alerts = ['alerts'] as const;
const dashboard = ['dashboard'] as const;
const inventory = ['inventory'] as const;
const categories = ['categories'] as const;
const locations = ['locations'] as const;
const reports = ['reports'] as const;
const users = ['admin-users'] as const;
const account = ['account'] as const;
const workspaces = ['workspaces'] as const;
const apiTokens = ['api-tokens'] as const;
const imports = ['imports'] as const;
const notifications = ['notifications'] as const;
const counts = ['counts'] as const;

export const queryKeys = {
  auth: { all: auth, user: () => [...auth, 'user'] as const },
  config: { public: () => ['config', 'public'] as const },
  alerts: { all: alerts, lowStock: () => [...alerts, 'low-stock'] as const },
  dashboard: {
    all: dashboard,
    stats: () => [...dashboard, 'stats'] as const,
    recentMovements: () => [...dashboard, 'recent-movements'] as const,
    categoryValues: () => [...dashboard, 'category-values'] as const,
  },
  inventory: {
    all: inventory,
    list: () => [...inventory, 'list'] as const,
    /** One filtered page; sits under list() so invalidating the list refreshes every page. */
    page: (filters: object = {}) => [...inventory, 'list', filters] as const,
    detail: (id: string) => [...inventory, 'detail', id] as const,
    movements: (id: string) => [...inventory, 'movements', id] as const,
    expiring: () => [...inventory, 'expiring'] as const,
    settings: () => [...inventory, 'settings'] as const,
  },
  categories: {
    all: categories,
    list: (search: string, page: number) => [...categories, 'list', search, page] as const,
    choices: (search: string) => [...categories, 'choices', search] as const,
    detail: (id: string) => [...categories, 'detail', id] as const,
  },
  locations: {
    all: locations,
    list: (search: string, type: string, page: number) => [...locations, 'list', search, type, page] as const,
    /** One level of the tree: the places directly inside parentId ('root': the top-level ones). */
    level: (parentId: string) => [...locations, 'level', parentId] as const,
    choices: (search: string) => [...locations, 'choices', search] as const,
    // The parent picker's matches are whole places, not a select's choices: a key of their own.
    parentMatches: (search: string) => [...locations, 'parent-matches', search] as const,
    any: () => [...locations, 'any'] as const,
    detail: (id: string) => [...locations, 'detail', id] as const,
  },
  reports: {
    all: reports,
    inventory: (query: object = {}) => [...reports, 'inventory', query] as const,
    valueHistory: (query: object = {}) => [...reports, 'value-history', query] as const,
    movementHistory: (query: object = {}) => [...reports, 'movement-history', query] as const,
  },
  users: { all: users, list: () => [...users, 'list'] as const, workspaces: () => [...users, 'workspaces'] as const },
  account: { all: account, preferences: () => [...account, 'preferences'] as const },
  /** The server's delivery channels (email, push): the same for every user and workspace. */
  notifications: {
    all: notifications,
    channels: () => [...notifications, 'channels'] as const,
    /** This browser's own push subscription (read from the browser, not the server). */
    browserSubscription: () => [...notifications, 'browser-subscription'] as const,
  },
  workspaces: {
    all: workspaces,
    list: () => [...workspaces, 'list'] as const,
    members: (id: string) => [...workspaces, id, 'members'] as const,
    invitations: (id: string) => [...workspaces, id, 'invitations'] as const,
  },
  /** The signed-in user's personal API tokens (Account Settings). */
  apiTokens: { all: apiTokens, list: () => [...apiTokens, 'list'] as const },
  imports: {
    all: imports,
    list: () => [...imports, 'list'] as const,
    detail: (id: string) => [...imports, 'detail', id] as const,
    /** A dry run of one mapping and mode. */
    preview: (id: string, request: object) => [...imports, 'preview', id, request] as const,
  },
  counts: { all: counts, list: () => [...counts, 'list'] as const, detail: (id: string) => [...counts, 'detail', id] as const },
  demo: { status: () => ['demo', 'status'] as const },
  /** A public invitation preview, by its token. */
  invitation: (token: string) => ['invitation', token] as const,
} as const;
