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
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import StarIcon from '@mui/icons-material/StarBorder';
import { SCREENS, screenUrl, type NavGroup, type NavIcon, type Screen } from './screens.ts';

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

const ICONS: Record<NavIcon, SvgIconComponent> = {
  barChart: BarChartIcon,
  bubbleChart: BubbleChartIcon,
  callMade: CallMadeIcon,
  dashboard: DashboardIcon,
  insights: InsightsIcon,
  manageSearch: ManageSearchIcon,
  pieChart: PieChartIcon,
  queryStats: QueryStatsIcon,
  showChart: ShowChartIcon,
  stackedBarChart: StackedBarChartIcon,
  star: StarIcon,
  notifications: NotificationsIcon,
  stream: StreamIcon,
  table: TableRowsIcon,
  timeline: TimelineIcon,
  trendingDown: TrendingDownIcon,
  visibilityOff: VisibilityOffIcon,
};

const GROUPS: Record<NavGroup, { label: string; icon: SvgIconComponent }> = {
  clusters: { label: 'Cluster', icon: HubIcon },
  factors: { label: 'Factor Analysis', icon: FunctionsIcon },
  flow: { label: 'Options Flow', icon: WavesIcon },
};

/**
 * Sidebar entries, generated from the screen registry in its order: a group sits where its first
 * screen is, opens on that screen, and is basic-only when its screens are.
 */
function navItemsOf(screens: readonly Screen[]): NavItem[] {
  const items: NavItem[] = [];
  const groups = new Map<NavGroup, NavItem & { children: NavItem[] }>();
  for (const screen of screens) {
    if (!screen.nav) continue;
    const basicOnly = screen.audience === 'basic' ? { basicOnly: true } : {};
    const item: NavItem = { label: screen.nav.label, path: screenUrl(screen), icon: ICONS[screen.nav.icon] };
    const key = screen.nav.group;
    if (!key) {
      items.push({ ...item, ...basicOnly });
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      group = { ...GROUPS[key], path: item.path, children: [], ...basicOnly };
      groups.set(key, group);
      items.push(group);
    }
    group.children.push(item);
  }
  return items;
}

export const NAV_ITEMS: readonly NavItem[] = navItemsOf(SCREENS);
