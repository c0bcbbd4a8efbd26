import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Tags } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  apiKeyCounterAttributes,
  apiKeyWritablePrefixes,
  planAttributes,
  userProfileLeadingKey,
} from '@tapewatch/functions/data/keys';
import {
  Architecture,
  Function as LambdaFunction,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsVersions,
  Runtime,
} from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { TableName } from '@tapewatch/shared/api/routes';
import type { DataTables } from './data-tables.ts';
import { LambdaBatch } from './lambda-batch.ts';
import { lambdaBundling } from './lambda-bundling.ts';
import { entryFile, functionsSrcDir } from './paths.ts';

/** Tag on every function this project defines, so tests (and cost reports) can tell them from CDK helpers. */
export const functionKindTag = 'tapewatch:kind';
/** Tag carrying the handler module (relative to functions/src) the function was built from. */
export const functionModuleTag = 'tapewatch:module';

/** http: a route-table entry; job: a schedule-table entry; ws: a WebSocket route; fallback: the HTTP API's $default. */
export type FunctionKind = 'http' | 'job' | 'ws' | 'fallback';

export interface AppFunctionSpec {
  kind: FunctionKind;
  /** Module under functions/src exporting `handler`, e.g. "http/meta/get-app-info". */
  module: string;
  reads: readonly TableName[];
  writes: readonly TableName[];
  description: string;
  /** Jobs run longer than request handlers; requests stay within API Gateway's 30 s limit. */
  timeout?: Duration;
  memorySize?: number;
  /** Entry file outside functions/src (infra's own small handlers); tagged with `module` still. */
  entry?: string;
  /**
   * Adds the AWS Parameters and Secrets extension, through which functions/src/platform/secret-env.ts
   * reads Secrets Manager without bundling another SDK client (the grant is the caller's).
   */
  secretsExtension?: boolean;
  /** Reserved (and so also maximum) concurrent executions; unset = the account's shared pool. */
  reservedConcurrency?: number;
  /**
   * Accepts API keys: may update the key counters and a key's last-used time in the app table, and
   * nothing else there (an IAM condition on the items' partition keys), when it does not write it anyway.
   */
  keyUsage?: boolean;
  /** Checks CloudFront's origin-verify header (route handlers, $connect): gets read access to that secret. */
  checksOrigin?: boolean;
}

/** The functions that may write a user's plan attributes (keys.ts planAttributes): the payment webhook. */
export const planWriterModules: ReadonlySet<string> = new Set(['http/payments/stripe-webhook']);

export interface ApiFunctionFactoryProps {
  tables: DataTables;
  stage: string;
  /** Build functions from a stub when their entry file is missing (template tests only). */
  stubMissingHandlers?: boolean;
  /** Extra environment shared by every function. */
  environment?: Record<string, string>;
  /** Grants the origin-verify secret to the functions that declare `checksOrigin`. */
  originVerify?: { grant(fn: LambdaFunction): void };
  /**
   * Entry files of every function the app will create: the first function bundled bundles them all
   * in one esbuild run (LambdaBatch). Unplanned entries are bundled one build each.
   */
  plannedEntries?: () => readonly string[];
}

/**
 * NodejsFunction's bundling options for these settings: the factory bundles through LambdaBatch
 * (one esbuild run for every function); the bundling test builds one function through a
 * NodejsFunction with these options and compares the bytes.
 */
export function cdkBundlingOptions(): BundlingOptions {
  const b = lambdaBundling;
  return {
    format: b.format === 'esm' ? OutputFormat.ESM : OutputFormat.CJS,
    target: b.target,
    mainFields: [...b.mainFields],
    banner: b.banner,
    minify: b.minify,
    sourceMap: b.sourceMap,
    sourcesContent: b.sourcesContent,
    externalModules: [...b.externalModules],
    // Ship the SDK versions from the lockfile (the ones the local runtime and tests use)
    // rather than whatever the Lambda runtime happens to include (externalModules is empty).
    bundleAwsSDK: true,
    tsconfig: b.tsconfig,
  };
}

const stubEntry = fileURLToPath(new URL('./stub-handler.ts', import.meta.url));

/**
 * The one way this app creates a Lambda: same runtime, bundling, logging and environment for
 * every handler, and IAM limited to the tables the handler's table entry declares.
 */
export class ApiFunctionFactory {
  private readonly batch: LambdaBatch;

  constructor(private readonly props: ApiFunctionFactoryProps) {
    this.batch = new LambdaBatch(props.plannedEntries ?? (() => []));
  }

  create(scope: Construct, id: string, spec: AppFunctionSpec): LambdaFunction {
    const { tables, stage } = this.props;
    const entry = spec.entry ?? this.resolveEntry(spec.module);
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.TWO_WEEKS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Instead of AWSLambdaBasicExecutionRole (logs:* on every log group): the function writes to its
    // own group only, which exists before it runs, so no logs:CreateLogGroup either.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${spec.module}`,
    });
    logGroup.grantWrite(role);
    const fn = new LambdaFunction(scope, id, {
      code: this.batch.code(scope, entry),
      handler: 'index.handler',
      description: spec.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: spec.memorySize ?? 512,
      timeout: spec.timeout ?? Duration.seconds(29),
      ...(spec.reservedConcurrency ? { reservedConcurrentExecutions: spec.reservedConcurrency } : {}),
      logGroup,
      role,
      ...(spec.secretsExtension || (spec.checksOrigin && this.props.originVerify)
        ? {
            paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
              cacheSize: 10,
            }),
          }
        : {}),
      environment: {
        ...tables.environment(),
        ...this.props.environment,
        TAPEWATCH_STAGE: stage,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    Tags.of(fn).add(functionKindTag, spec.kind);
    Tags.of(fn).add(functionModuleTag, spec.module);
    this.grantTables(fn, spec);
    if (spec.checksOrigin) this.props.originVerify?.grant(fn);
    return fn;
  }

  private grantTables(fn: LambdaFunction, spec: AppFunctionSpec): void {
    const { byName } = this.props.tables;
    // Read-write already includes read, so a table listed in both gets one grant.
    for (const name of new Set(spec.writes)) byName[name].grantReadWriteData(fn);
    for (const name of new Set(spec.reads)) {
      if (!spec.writes.includes(name)) byName[name].grantReadData(fn);
    }
    if (spec.writes.includes('app') && !planWriterModules.has(spec.module)) {
      // Writing the app table must not mean writing anyone's plan: only the payment webhook may.
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.DENY,
          actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
          resources: [byName.app.tableArn],
          conditions: { 'ForAnyValue:StringEquals': { 'dynamodb:Attributes': [...planAttributes] } },
        }),
      );
      // A batch write carries no attribute names to condition on: none may touch a profile item.
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.DENY,
          actions: ['dynamodb:BatchWriteItem'],
          resources: [byName.app.tableArn],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${userProfileLeadingKey}*`] } },
        }),
      );
    }
    if (spec.keyUsage && !spec.writes.includes('app')) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [byName.app.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': apiKeyWritablePrefixes.map((p) => `${p}*`) },
            // Counters only: the owner and slot on the same item stay out of reach (ALL_NEW reads what
            // the route's read grant already allows).
            'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...apiKeyCounterAttributes] },
          },
        }),
      );
    }
  }

  private resolveEntry(module: string): string {
    const entry = entryFile(module);
    if (this.props.stubMissingHandlers) {
      return existsSync(entry) ? entry : stubEntry;
    }
    if (!existsSync(entry)) {
      throw new Error(`Lambda entry for "${module}" not found at ${entry} (modules live under ${functionsSrcDir})`);
    }
    return entry;
  }
}
