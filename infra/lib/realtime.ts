import { Stack } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { ApiFunctionFactory } from './api-function-factory.ts';

/**
 * The stage name doubles as the path: CloudFront's /ws behaviour forwards the viewer path
 * unchanged, so wss://site/ws?token=... reaches https://{api}.execute-api.../ws, this stage.
 */
export const webSocketStageName = 'ws';

/** The three handlers of functions/src/ws, all on the app table (connection records, subscriptions). */
export const webSocketRoutes = [
  { routeKey: '$connect', module: 'ws/connect', description: 'WebSocket $connect: subscriber token from ?token=' },
  { routeKey: '$disconnect', module: 'ws/disconnect', description: 'WebSocket $disconnect: forget the connection' },
  {
    routeKey: '$default',
    module: 'ws/default',
    description: 'WebSocket $default: ping -> pong via the Management API',
  },
] as const;

export interface RealtimeProps {
  factory: ApiFunctionFactory;
  throttle?: { rateLimit: number; burstLimit: number };
}

/** API Gateway WebSocket API for the live options flow (new_flow, database_cleared). */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly functions: ReadonlyMap<string, LambdaFunction>;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const functions = new Map<string, LambdaFunction>();
    const fn = (route: (typeof webSocketRoutes)[number]): LambdaFunction => {
      const created = props.factory.create(
        this,
        `${route.module.split('/')[1]!.replace(/^./, (c) => c.toUpperCase())}Handler`,
        {
          kind: 'ws',
          module: route.module,
          reads: ['app'],
          writes: ['app'],
          description: route.description,
          // Only $connect comes through CloudFront with the header; the others ride the open socket.
          checksOrigin: route.routeKey === '$connect',
        },
      );
      functions.set(route.routeKey, created);
      return created;
    };
    const [connect, disconnect, fallback] = webSocketRoutes;
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `${Stack.of(this).stackName}-ws`,
      description: 'Tapewatch live flow (/ws)',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('ConnectIntegration', fn(connect)) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('DisconnectIntegration', fn(disconnect)) },
      defaultRouteOptions: { integration: new WebSocketLambdaIntegration('DefaultIntegration', fn(fallback)) },
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: webSocketStageName,
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 100, burstLimit: 200 },
      // No access logs: WebSocket (unlike HTTP API) stages need an account-wide API Gateway
      // CloudWatch role, which a fresh account lacks; the handlers log every connect/disconnect.
    });
    this.functions = functions;
    // $default answers pings (and closes a socket that sends too much); $connect closes a user's
    // oldest socket beyond the per-user cap.
    this.enableFanout(functions.get('$default')!);
    this.enableFanout(functions.get('$connect')!);
  }

  /** The https:// Management API endpoint of the stage (PostToConnection). */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }

  /** Lets a function post to connections of this stage only, and tells it where. */
  enableFanout(fn: LambdaFunction): void {
    this.stage.grantManagementApiAccess(fn);
    this.announceEndpoint(fn);
  }

  /** The endpoint without the grant (test_socket reports whether the realtime path is configured). */
  announceEndpoint(fn: LambdaFunction): void {
    fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.managementEndpoint);
  }
}
