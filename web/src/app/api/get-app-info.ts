// Kept in lib so that shared components (the demo captions) can read it too.
export { type AppInfo, appInfoQueryOptions, fetchAppInfo, useAppInfo } from '../../lib/app-info.ts';
