import type { UserFlag } from '@arc/contract';

/**
 * The app's routes as data: the router turns them into lazy routes, the side menu and the breadcrumb read
 * their titles, icons and security keys. Nothing here imports a screen.
 */
export type IconName =
  | 'dashboard'
  | 'health'
  | 'sun'
  | 'quote'
  | 'prospects'
  | 'leads'
  | 'school'
  | 'shop'
  | 'upload'
  | 'commissions'
  | 'crm'
  | 'leaf'
  | 'supplies'
  | 'training'
  | 'final-expense'
  | 'resources'
  | 'contact';

export interface AppRoute {
  path: string;
  title: string;
  /** side-menu icon; routes without one are not in the side menu */
  icon?: IconName;
  /** a user flag that must be true for the menu item to show (and the screen to open) */
  securityKey?: UserFlag;
  /** screen module name under features/, resolved by router.tsx */
  screen: string;
  children?: AppRoute[];
  /** see RouteHandle.access */
  access?: AccessRule;
  /** external links shown in this item's sub-menu */
  externalLinks?: Array<{ title: string; href: string }>;
}

/** What every route carries in its `handle`: read by the guard, the breadcrumb and the document title. */
export interface RouteHandle {
  /** page title: breadcrumb entry and document title */
  title?: string;
  /** side-menu icon (top-level menu routes only) */
  icon?: IconName;
  /** a user flag that must be true to see the menu item and open the screen */
  securityKey?: UserFlag;
  /** a rule beyond a flag: the case form is for member support tier Unlimited (else only the breadcrumb) */
  access?: AccessRule;
  /** true: needs a signed-in agent (the dashboard shows a welcome instead); false: public */
  auth?: boolean;
  /** always the login layout (sign-in, create password, terms gate, 404) */
  layout?: 'login';
  /** a wider card in the login layout (the terms gate's long text) */
  isWide?: boolean;
  /** the sign-in screen's initial action, from the route (/sign-in, /sign-in/forgot, /sign-in/register) */
  name?: SignInAction;
}

export type AccessRule = 'member-support-unlimited';

export type SignInAction = 'login' | 'forgot' | 'register';

export const TRAINING_GROUP = 'Training & Certifications';

export const APP_ROUTES: AppRoute[] = [
  { path: '/', title: 'Dashboard', icon: 'dashboard', screen: 'dashboard' },
  // open to every agent: without contracts there, the page lists the platform's carriers (decision 026)
  { path: '/myhealthplan', title: 'MyHealthPlan', icon: 'health', screen: 'myhealthplan' },
  { path: '/sunfire', title: 'SunFire', icon: 'sun', screen: 'sunfire' },
  { path: '/myquote', title: 'MyQuote', icon: 'quote', screen: 'myquote' },
  { path: '/prospects', title: 'Prospect Lists', icon: 'prospects', screen: 'prospects' },
  { path: '/leadstar', title: 'LeadStar', icon: 'leads', screen: 'leadstar' },
  { path: '/medischolar', title: 'MediScholar', icon: 'school', screen: 'medicare-scholar' },
  { path: '/proshop', title: 'ProShop', icon: 'shop', screen: 'proshop' },
  { path: '/enrollments', title: 'Enrollment Upload', icon: 'upload', screen: 'enrollments' },
  { path: '/commissions', title: 'Commission Statements', icon: 'commissions', screen: 'commissions' },
  { path: '/core', title: 'CORE CRM', icon: 'crm', screen: 'core-crm' },
  { path: '/green365', title: 'GREEN365', icon: 'leaf', screen: 'green365' },
  { path: '/products', title: 'Order Supplies', icon: 'supplies', screen: 'supplies' },
  {
    path: '/training',
    title: TRAINING_GROUP,
    icon: 'training',
    screen: 'coming-soon',
    children: [
      { path: '/training/videos', title: 'Training Videos', screen: 'training-videos' },
      { path: '/training/compliance-guides', title: 'Compliance Guides', screen: 'compliance-guides' },
    ],
    externalLinks: [
      { title: 'Medicare Certifications', href: 'https://www.ahipmedicaretraining.com/' },
      { title: 'Events', href: 'https://www.cms.gov/outreach-and-education' },
    ],
  },
  { path: '/finalexpense', title: 'Final Expense', icon: 'final-expense', screen: 'final-expense' },
  { path: '/maresources', title: 'Resource Documents', icon: 'resources', screen: 'resources' },
  { path: '/contact', title: 'Contact', icon: 'contact', screen: 'contact' },
  // reached from the user menu, not the side menu
  { path: '/profile', title: 'My Profile', screen: 'profile' },
  { path: '/case', title: 'Case form', access: 'member-support-unlimited', screen: 'case-form' },
  { path: '/tos', title: 'Terms of Service', screen: 'tos' },
  { path: '/policies', title: 'Policies', screen: 'policies' },
];

/** Routes below a top-level one that the menu does not list but that must exist. */
export const EXTRA_ROUTES: AppRoute[] = [
  { path: '/training/videos/:category', title: 'Training Videos', screen: 'training-category' },
  { path: '/training/videos/:category/:id', title: 'Training Video', screen: 'training-video' },
  // internal, not in the menu: the shared ui/ components on sample rows (removable once areas use them)
  { path: '/ui-kit', title: 'UI kit', screen: 'ui-kit' },
];

export function flattenRoutes(routes: AppRoute[] = APP_ROUTES): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}
