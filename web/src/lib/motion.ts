/** The system's "reduce motion" setting, as a media query (the theme, the loader and the landing's reveal read it). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
