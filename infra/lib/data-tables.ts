import { RemovalPolicy, Tags } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { TableName } from '@tapewatch/shared/api/routes';
import { tableList, type TableDef } from '@tapewatch/functions/data/tables';

/** Tag naming the logical table (app, market, flow) on its CloudFormation resource. */
export const tableTag = 'tapewatch:table';

export interface DataTablesProps {
  /** Prod keeps tables (and their data) when the stack is deleted or a table is replaced. */
  retain: boolean;
}

/** The DynamoDB tables from functions/src/data/tables.ts; CloudFormation names them. */
export class DataTables extends Construct {
  readonly byName: Readonly<Record<TableName, Table>>;
  readonly defs: readonly TableDef[] = tableList;

  constructor(scope: Construct, id: string, props: DataTablesProps) {
    super(scope, id);
    const byName = {} as Record<TableName, Table>;
    for (const def of tableList) {
      const table = new Table(this, logicalId(def.name), {
        partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
        sortKey: { name: def.sortKey, type: AttributeType.STRING },
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: def.ttlAttribute,
        removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        // Deletion protection makes a DESTROY policy fail, so only prod gets it.
        deletionProtection: props.retain,
      });
      for (const index of def.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          sortKey: { name: index.sortKey, type: AttributeType.STRING },
        });
      }
      Tags.of(table).add(tableTag, def.name);
      byName[def.name] = table;
    }
    this.byName = byName;
  }

  /** Environment variables carrying every physical table name into a Lambda. */
  environment(): Record<string, string> {
    return Object.fromEntries(this.defs.map((def) => [def.envVar, this.byName[def.name].tableName]));
  }
}

function logicalId(name: string): string {
  return `${name[0]!.toUpperCase()}${name.slice(1)}Table`;
}
