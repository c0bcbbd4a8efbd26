/** The trade ordering lives in shared (the data layer's search read model sorts with it too). */
export { compareNewestFirst } from '@tapewatch/shared/flow/order';
