import type { TableName } from '@tapewatch/shared/api/routes';

/**
 * The DynamoDB tables, defined once: CDK creates them from this list and the local runtime creates
 * the same tables in dynalite. All keys are strings; key values are built only in keys.ts.
 */
export interface TableDef {
  name: TableName;
  /** Environment variable that carries the physical table name into Lambda. */
  envVar: string;
  /** Physical name used locally (CDK lets CloudFormation name them). */
  localName: string;
  partitionKey: 'pk';
  sortKey: 'sk';
  /** Attribute holding an epoch-seconds expiry. Reads treat expired items as absent (TTL lags). */
  ttlAttribute?: 'ttl';
  indexes: ReadonlyArray<{ name: string; partitionKey: string; sortKey: string }>;
  /** Why the table exists, for the CDK description and readers. */
  purpose: string;
}

export const tables: Readonly<Record<TableName, TableDef>> = {
  app: {
    name: 'app',
    envVar: 'TABLE_APP',
    localName: 'tapewatch-app',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
    purpose: 'users, username uniqueness, tokens, Stripe mapping, websocket connections, rate limits',
  },
  market: {
    name: 'market',
    envVar: 'TABLE_MARKET',
    localName: 'tapewatch-market',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [],
    purpose: 'time-series chunks per ticker and year, analytics snapshots, ticker directory, dataset markers',
  },
  flow: {
    name: 'flow',
    envVar: 'TABLE_FLOW',
    localName: 'tapewatch-flow',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
    purpose: 'options trades partitioned by trading day, with a ticker+date index',
  },
};

export const tableList: readonly TableDef[] = Object.values(tables);

export function tableName(name: TableName): string {
  const def = tables[name];
  return process.env[def.envVar] ?? def.localName;
}
