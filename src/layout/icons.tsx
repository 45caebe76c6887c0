import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BlockIcon from '@mui/icons-material/Block';
import CampaignIcon from '@mui/icons-material/Campaign';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import ForumIcon from '@mui/icons-material/Forum';
import HomeIcon from '@mui/icons-material/Home';
import LanguageIcon from '@mui/icons-material/Language';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MailIcon from '@mui/icons-material/Mail';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PeopleIcon from '@mui/icons-material/People';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SettingsIcon from '@mui/icons-material/Settings';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TuneIcon from '@mui/icons-material/Tune';
import type { SvgIconComponent } from '@mui/icons-material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PollIcon from '@mui/icons-material/Poll';
import RateReviewIcon from '@mui/icons-material/RateReview';
import TipsAndUpdatesIcon from '@mui/icons-material/TipsAndUpdates';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';

/**
 * The icons declarations and menu entries may name (a @mui/icons-material name). Importing the whole icon
 * set would weigh megabytes, so unknown names fall back to a list icon; add a line here for a new one.
 */
const ICONS: Record<string, SvgIconComponent> = {
  AccountTree: AccountTreeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  MenuOpen: MenuOpenIcon,
  Article: ArticleIcon,
  Assessment: AssessmentIcon,
  Block: BlockIcon,
  Campaign: CampaignIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  Folder: FolderIcon,
  Forum: ForumIcon,
  Home: HomeIcon,
  Language: LanguageIcon,
  ListAlt: ListAltIcon,
  Mail: MailIcon,
  MonitorHeart: MonitorHeartIcon,
  People: PeopleIcon,
  QuestionAnswer: QuestionAnswerIcon,
  Settings: SettingsIcon,
  Whatshot: WhatshotIcon,
  NotificationsActive: NotificationsActiveIcon,
  TrendingUp: TrendingUpIcon,
  Tune: TuneIcon,
  FactCheck: FactCheckIcon,
  ViewQuilt: ViewQuiltIcon,
  Poll: PollIcon,
  RateReview: RateReviewIcon,
  TipsAndUpdates: TipsAndUpdatesIcon,
};

export function iconFor(name: string | null | undefined, fallback: SvgIconComponent = ListAltIcon): SvgIconComponent {
  if (!name) return fallback;
  return ICONS[name] ?? ICONS[name.charAt(0).toUpperCase() + name.slice(1)] ?? fallback;
}
