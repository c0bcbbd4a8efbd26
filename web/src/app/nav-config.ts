import type { SvgIconComponent } from '@mui/icons-material';
import BarChartIcon from '@mui/icons-material/BarChart';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import TableRowsIcon from '@mui/icons-material/TableRows';
import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import StackedBarChartIcon from '@mui/icons-material/StackedBarChart';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import TimelineIcon from '@mui/icons-material/Timeline';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import FunctionsIcon from '@mui/icons-material/Functions';
import WavesIcon from '@mui/icons-material/Waves';
import StreamIcon from '@mui/icons-material/Stream';
import CallMadeIcon from '@mui/icons-material/CallMade';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PieChartIcon from '@mui/icons-material/PieChartOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';

export interface NavItem {
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** One level of sublinks (e.g. Cluster: Single Stock, All); the group's own path is its first sublink's. */
  children?: readonly NavItem[];
  /** Shown only to basic subscribers (the Options Flow group). */
  basicOnly?: boolean;
}

/** The entries a user sees: basic-only ones only for basic subscribers. */
export function visibleNavItems(items: readonly NavItem[], basic: boolean): NavItem[] {
  return items.filter((i) => basic || !i.basicOnly);
}

/** Every link the sidebar shows, groups replaced by their sublinks, in order. */
export function navLinks(items: readonly NavItem[] = NAV_ITEMS, basic = false): NavItem[] {
  return visibleNavItems(items, basic).flatMap((i) => (i.children ? [...i.children] : [i]));
}

/** Sidebar entries: only screens that exist. Adding a screen to the sidebar is one line here. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Cluster',
    path: '/clusters',
    icon: HubIcon,
    children: [
      { label: 'Single Stock', path: '/clusters', icon: InsightsIcon },
      { label: 'All', path: '/clusterstable', icon: TableRowsIcon },
    ],
  },
  { label: 'Short Interest', path: '/shortinterest', icon: TrendingDownIcon },
  { label: 'Dark Pools', path: '/darkpools', icon: VisibilityOffIcon },
  { label: 'Option Walls', path: '/optionwalls', icon: StackedBarChartIcon },
  { label: 'SPY To VIX', path: '/spytovix', icon: ShowChartIcon },
  { label: 'S&P 500 Statistics', path: '/sp500stats', icon: QueryStatsIcon },
  { label: 'Sector Rotation', path: '/Sectorrotation', icon: BubbleChartIcon },
  { label: 'Sector Performance', path: '/Sectorperformance', icon: BarChartIcon },
  { label: 'ARIMA', path: '/arima', icon: TimelineIcon },
  {
    label: 'Factor Analysis',
    path: '/factor-analysis',
    icon: FunctionsIcon,
    children: [
      { label: 'Single Stock', path: '/factor-analysis', icon: InsightsIcon },
      { label: 'All', path: '/factor-analysis-table', icon: TableRowsIcon },
    ],
  },
  {
    label: 'Options Flow',
    path: '/optionsflow',
    icon: WavesIcon,
    basicOnly: true,
    children: [
      { label: 'Live & Historical', path: '/optionsflow', icon: StreamIcon },
      { label: 'Most OTM', path: '/test', icon: CallMadeIcon },
      { label: 'Ticker Overview', path: '/optionsflow-ticker-overview', icon: ManageSearchIcon },
      { label: 'Cumulative Stats', path: '/optionsflowcumulativestats', icon: ShowChartIcon },
      { label: 'Top Premiums', path: '/optionsflowtoppremiums', icon: PieChartIcon },
      { label: 'Options Dashboard', path: '/optionsflow-dashboard', icon: DashboardIcon },
    ],
  },
];
