import type { SvgIconComponent } from '@mui/icons-material';
import BarChartIcon from '@mui/icons-material/BarChart';
import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import StackedBarChartIcon from '@mui/icons-material/StackedBarChart';
import ShowChartIcon from '@mui/icons-material/ShowChart';

export interface NavItem {
  label: string;
  path: string;
  icon: SvgIconComponent;
}

/** Sidebar entries: only screens that exist. Adding a screen to the sidebar is one line here. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Short Interest', path: '/shortinterest', icon: TrendingDownIcon },
  { label: 'Dark Pools', path: '/darkpools', icon: VisibilityOffIcon },
  { label: 'Option Walls', path: '/optionwalls', icon: StackedBarChartIcon },
  { label: 'SPY To VIX', path: '/spytovix', icon: ShowChartIcon },
  { label: 'Sector Rotation', path: '/Sectorrotation', icon: BubbleChartIcon },
  { label: 'Sector Performance', path: '/Sectorperformance', icon: BarChartIcon },
];
