import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiFunctionFactory } from './api-function-factory.ts';
import { DataTables } from './data-tables.ts';
import { TapewatchHttpApi } from './http-api.ts';
import { Identity } from './identity.ts';
import { webDistDir } from './paths.ts';
import { JobSchedules } from './schedules.ts';
import type { StageConfig } from './stage.ts';
import { WebHosting } from './web-hosting.ts';

export interface TapewatchStackProps extends StackProps {
  stage: StageConfig;
  /** Defaults to web/dist; tests point it elsewhere. */
  webDistDir?: string;
  /** Template tests only: build missing handler files from a stub instead of failing. */
  stubMissingHandlers?: boolean;
}

/** Everything deployed today: tables, /api Lambdas, job schedules, and CloudFront + S3 for the SPA. */
export class TapewatchStack extends Stack {
  readonly tables: DataTables;
  readonly httpApi: TapewatchHttpApi;
  readonly identity: Identity;
  readonly jobs: JobSchedules;
  readonly web: WebHosting;

  constructor(scope: Construct, id: string, props: TapewatchStackProps) {
    super(scope, id, props);
    Tags.of(this).add('tapewatch:stage', props.stage.name);

    this.tables = new DataTables(this, 'Data', { retain: props.stage.retain });
    this.identity = new Identity(this, 'Identity', { retain: props.stage.retain });
    const factory = new ApiFunctionFactory({
      tables: this.tables,
      stage: props.stage.name,
      stubMissingHandlers: props.stubMissingHandlers,
      environment: this.identity.environment(),
    });
    this.httpApi = new TapewatchHttpApi(this, 'Http', { factory, identity: this.identity });
    this.jobs = new JobSchedules(this, 'Jobs', { factory });
    this.web = new WebHosting(this, 'Web', {
      httpApi: this.httpApi.api,
      webDistDir: props.webDistDir ?? webDistDir,
      retain: props.stage.retain,
    });

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'HttpApiEndpoint', { value: this.httpApi.api.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'WebBucketName', { value: this.web.bucket.bucketName });
  }
}
