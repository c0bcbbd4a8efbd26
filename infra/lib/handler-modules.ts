import { routeList } from '@tapewatch/shared/api/routes';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { apiFallbackEntry, apiFallbackModule, entryFile, httpHandlerModule } from './paths.ts';
import { webSocketRoutes } from './realtime.ts';

/** Every module under functions/src that the stack turns into a Lambda, from the shared tables and the WebSocket routes. */
export function handlerModules(): string[] {
  return [
    ...routeList.map((r) => httpHandlerModule(r.handler)),
    ...schedules.map((s) => s.handler),
    ...webSocketRoutes.map((r) => r.module),
  ];
}

/** Every Lambda the stack defines, by module name, with its entry file: the handlers plus infra's $default fallback. */
export function lambdaEntries(): Array<{ name: string; entry: string }> {
  return [
    ...handlerModules().map((m) => ({ name: m, entry: entryFile(m) })),
    { name: apiFallbackModule, entry: apiFallbackEntry },
  ];
}
