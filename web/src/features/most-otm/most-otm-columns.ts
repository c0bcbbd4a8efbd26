// The columns are shared with the Dashboard's "Most OTM Flows" table, so they live with the flow table.
export { formatOtm, MOST_OTM_COLUMNS, MOST_OTM_SORT } from '../../components/flow/otm-columns.ts';
