import { SCREENS, screenUrl } from '../../web/src/app/screens.ts';

/** Screens whose initial JavaScript is measured (each screen where it opens, and the not-found page). */
export const benchPages: readonly string[] = [...SCREENS.map(screenUrl), '/no-such-page'];
