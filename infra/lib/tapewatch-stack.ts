import { existsSync } from 'node:fs';
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { tableList } from '@tapewatch/functions/data/tables';
import { routeList } from '@tapewatch/shared/api/routes';
import { ApiFunctionFactory } from './api-function-factory.ts';
import type { DeployConfig } from './config.ts';
import { DataTables } from './data-tables.ts';
import { lambdaEntries } from './handler-modules.ts';
import { buildsSiteLinks, TapewatchHttpApi } from './http-api.ts';
import { Identity } from './identity.ts';
import { EdgeWebAcl } from './edge-protection.ts';
import { JobAlarms } from './job-alarms.ts';
import { MailAlarms } from './mail-alarms.ts';
import { Monitoring } from './monitoring.ts';
import { OriginVerify } from './origin-verify.ts';
import { webDistDir } from './paths.ts';
import { MarketDataSettings } from './market-data.ts';
import { StripeSettings } from './payments.ts';
import { WebPushSettings } from './web-push.ts';
import { Realtime } from './realtime.ts';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { fanoutJobs, JobSchedules } from './schedules.ts';
import { WebHosting } from './web-hosting.ts';

export interface TapewatchStackProps extends StackProps {
  config: DeployConfig;
  /** Defaults to web/dist; tests point it elsewhere. */
  webDistDir?: string;
  /** Template tests only: build missing handler files from a stub instead of failing. */
  stubMissingHandlers?: boolean;
  /** The CloudFront web ACL from the us-east-1 edge stack; without it the ACL is created here (lib/app-stacks.ts). */
  webAclArn?: string;
}

/**
 * The whole app in one stack: data, auth, /api (one Lambda per route-table entry), the WebSocket
 * API, scheduled jobs, payments configuration, CloudFront + S3, alarms. Everything per route, table
 * or job is derived from the shared tables, so new entries need no change here.
 */
export class TapewatchStack extends Stack {
  readonly tables: DataTables;
  readonly httpApi: TapewatchHttpApi;
  readonly identity: Identity;
  readonly realtime: Realtime;
  readonly jobs: JobSchedules;
  readonly web: WebHosting;
  readonly monitoring: Monitoring;
  readonly originVerify: OriginVerify;

  constructor(scope: Construct, id: string, props: TapewatchStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { stage } = config;
    // Dashboards take no tags in the CloudFormation schema cfn-lint checks against.
    Tags.of(this).add('tapewatch:stage', stage.name, { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] });

    this.tables = new DataTables(this, 'Data', { retain: stage.retain });
    this.identity = new Identity(this, 'Identity', { retain: stage.retain, mailFrom: config.mailFrom });
    const stripe = config.stripe ? new StripeSettings(this, 'Stripe', config.stripe) : undefined;
    const webPush = config.webPush ? new WebPushSettings(this, 'WebPush', config.webPush) : undefined;
    this.originVerify = new OriginVerify(this, 'OriginVerify');
    const marketData = new MarketDataSettings(this, 'MarketData', config.marketData);
    const factory = new ApiFunctionFactory({
      tables: this.tables,
      stage: stage.name,
      stubMissingHandlers: props.stubMissingHandlers,
      environment: { ...this.identity.environment(), ...marketData.environment() },
      originVerify: this.originVerify,
      // One esbuild run bundles every function (missing entries are stubbed one by one).
      plannedEntries: () => lambdaEntries().flatMap((e) => (existsSync(e.entry) ? [e.entry] : [])),
    });
    this.httpApi = new TapewatchHttpApi(this, 'Http', {
      factory,
      identity: this.identity,
      stripe,
      webPush,
      accountConcurrency: config.accountReservedConcurrency,
      marketData,
    });
    this.realtime = new Realtime(this, 'Realtime', { factory });
    this.jobs = new JobSchedules(this, 'Jobs', { factory, identity: this.identity, marketData, webPush });
    for (const name of fanoutJobs) {
      const job = this.jobs.functions.get(name);
      if (job) this.realtime.enableFanout(job);
    }
    // Routes that close the caller's live sockets (logout, password reset, deletion), as their entries declare.
    for (const route of routeList.filter((r) => r.liveSockets)) {
      const fn = this.httpApi.functions.get(route.name);
      if (fn) this.realtime.enableFanout(fn);
    }
    const testSocket = this.httpApi.functions.get('test_socket');
    if (testSocket) this.realtime.announceEndpoint(testSocket);

    const webAclArn = props.webAclArn ?? new EdgeWebAcl(this, 'Edge').arn;
    this.web = new WebHosting(this, 'Web', {
      webAclArn,
      httpApi: this.httpApi.api,
      webSocketApi: this.realtime.api,
      originVerifyValue: this.originVerify.value,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      webDistDir: props.webDistDir ?? webDistDir,
      retain: stage.retain,
    });
    const siteUrl = config.appBaseUrl ?? `https://${this.web.distribution.distributionDomainName}`;
    // Emailed and Stripe return links must point at the site, not at execute-api.
    for (const route of routeList) {
      if (buildsSiteLinks(route)) this.httpApi.functions.get(route.name)?.addEnvironment('APP_BASE_URL', siteUrl);
    }
    // Flow alert emails (the live poller, the digest job) link to the Alerts page and the pause page.
    for (const job of schedules)
      if (job.mail) this.jobs.functions.get(job.name)?.addEnvironment('APP_BASE_URL', siteUrl);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      httpApi: this.httpApi.api,
      webSocketApi: this.realtime.api,
      jobDeadLetters: this.jobs.deadLetterQueue,
      alarmEmail: config.alarmEmail,
    });
    new JobAlarms(this, 'JobAlarms', {
      functions: this.jobs.functions,
      topic: this.monitoring.topic,
      stage: stage.name,
    });
    new MailAlarms(this, 'MailAlarms', {
      configurationSetName: this.identity.mailConfigurationSetName,
      topic: this.monitoring.topic,
      stage: stage.name,
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'CloudFrontDomain', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'HttpApiEndpoint', { value: this.httpApi.api.apiEndpoint });
    new CfnOutput(this, 'WebSocketEndpoint', { value: this.realtime.stage.url });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.identity.client.userPoolClientId });
    new CfnOutput(this, 'WebBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    // `npm run ingest -- demo --aws` reads the table names from these variables (README).
    for (const def of tableList) {
      new CfnOutput(this, `${def.envVar.replace(/_/g, '')}`, {
        value: this.tables.byName[def.name].tableName,
        description: def.envVar,
      });
    }
  }
}
