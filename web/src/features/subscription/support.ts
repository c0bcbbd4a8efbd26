/** Where subscribers write about billing problems (the product's contact address). */
export const SUPPORT_EMAIL = 'support@tapewatch.app';
